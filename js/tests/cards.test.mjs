// Cards and card sets: parsing, formatting, 64-bit masks without loss.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gr, native, haveNative } from './ref.mjs';
const { Card, CardSet, GinRummyError } = gr;

test('a card: id, rank, suit, points, text; one object per card', () => {
    const c = gr.parseCard('10h');
    assert.equal(c.id, 2 * 13 + 9);
    assert.equal(c.rank, 9); assert.equal(c.suit, 2); assert.equal(c.points, 10);
    assert.equal(String(c), '10H');
    assert.equal(gr.parseCard('T♥'), c);
    assert.equal(Card.of(c.id), c);
    assert.equal(gr.cardPoints('KS'), 10);
    assert.equal(gr.cardPoints('AS'), 1);
    assert.equal(Card.all().length, 52);
    for (const card of Card.all()) {
        assert.equal(gr.parseCard(String(card)), card);   // Card#toString is gr_card_format's text
        assert.equal(card.points, gr.cardPoints(card));
    }
});

test('bad cards are errors with the status, the reason and the place', () => {
    assert.throws(() => gr.parseCard('1S'), (e) => e instanceof GinRummyError && e.code === 'EPARSE' && e.status === -6 && e.reason === 'syntax');
    assert.throws(() => gr.parseCards('AS 2S ZZ'), (e) => e.code === 'EPARSE' && e.offset === 6 && /unreadable/.test(e.message));
    assert.throws(() => gr.parseCards('AS AS'), (e) => e.code === 'EINVAL');
    assert.throws(() => Card.of(52), RangeError);
    assert.throws(() => Card.of(-1), RangeError);
    assert.throws(() => new CardSet(1n << 52n), RangeError);
    assert.throws(() => CardSet.of({}), TypeError);
});

test('card sets: 64-bit masks cross the boundary without loss', () => {
    for (const mask of [0n, 1n, 1n << 51n, (1n << 52n) - 1n, 0xA5A5A5A5A5A5An, (1n << 32n) | 1n, 0xFFFFFFFF00000n]) {
        const s = new CardSet(mask);
        assert.equal(CardSet.parse(String(s)).mask, mask);
        assert.equal(gr.parseCards(gr.formatCards(s)).mask, mask);
        assert.equal(s.size, [...s].length);
    }
    const all = CardSet.all;
    assert.equal(all.size, 52);
    assert.equal(all.points, 340);
    assert.equal(gr.deadwood(all), 0);
    assert.ok(all.has('KS') && all.has(51));
});

test('card set algebra and iteration in card order', () => {
    const s = CardSet.of('3S AS 2S');
    assert.equal(String(s), 'AS 2S 3S');
    assert.deepEqual(s.toArray().map(String), ['AS', '2S', '3S']);
    assert.equal(String(s.with('4S')), 'AS 2S 3S 4S');
    assert.equal(String(s.without('2S')), 'AS 3S');
    assert.ok(s.union('KD').equals('AS 2S 3S KD'));
    assert.ok(s.intersect('2S KD').equals('2S'));
    assert.ok(s.minus('AS').equals(['2S', '3S']));
    assert.ok(CardSet.of([0, 1, 2]).equals('AC 2C 3C'));
    assert.ok(s.isSubsetOf(CardSet.all));
    assert.equal(s.points, 6);
    assert.equal(JSON.stringify({ s }), '{"s":"AS 2S 3S"}');
    assert.equal(gr.meldKind(s), 'run');
    assert.equal(gr.meldKind('7H 7D 7C'), 'set');
    assert.equal(gr.meldKind('7H 8D 9C'), null);
});

test('version and constants', () => {
    assert.match(gr.version, /^\d+\.\d+\.\d+$/);
    assert.equal(gr.versionNumber, gr.version.split('.').reduce((a, x) => a * 100 + Number(x), 0));
    assert.equal(gr.constants.GR_NO_CARD, 255);
    assert.equal(gr.strerror(-3).length > 0, true);
    const reasons = gr.reasons();
    assert.ok(reasons.some((r) => r.name === 'just_taken' && r.status === -3));
});
