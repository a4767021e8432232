// example.mts: the package used from TypeScript; tests/check-wasm.sh
// compiles it with tsc --strict against index.d.ts and runs it.
import {
    arrange, deadwood, parseCards, CardSet, Card, Game, Bot, Rules, Match, GinRummyError,
    settle, RummyGame, RummyBot, RummyHand, rummyValue, type Move, type HandResult, type View,
} from 'ginrummy';

const hand: CardSet = parseCards('AS 2S 3S 7H 7D 7C KD QD JD 9C');
const a = arrange(hand);
console.log(`deadwood ${deadwood(hand)}: ${a.melds.map(String).join(' | ')} + ${a.deadwood}`);

const rules = new Rules('standard', { knockLimit: 10, hollywood: true });
const game: Game = Game.deal(rules, { seed: 1n });
const bots: Bot[] = [new Bot('expert', { seed: 1, rules, playouts: 100 }), new Bot('greedy', { seed: 2 })];
while (!game.over) {
    const view: View = game.view(game.turn);
    const move: Move = bots[game.turn].choose(view);
    const drawn: Card | null = game.play(move);
    if (drawn !== null && drawn.points > 10) throw new Error('impossible');
}
const result: HandResult = game.result();
console.log(`${result.outcome}: player ${result.winner} scores ${result.points}`);
try {
    game.play('draw');
} catch (e) {
    if (e instanceof GinRummyError) console.log(`${e.code} ${e.reason}: ${e.reasonText}`);
}
const r2 = settle('standard', { melds: ['AS 2S 3S', '4C 4D 4H', '9C 9D 9H'], deadwood: '2C' }, 'KC KD KH QS JS 10S 5H 6H 7H 8C');
const match = new Match(rules, { seed: 5, players: 4 });
console.log(`${r2.points} points; ${match.tables} tables, standing ${match.standing().total.join('-')}`);
game.free();
bots.forEach((b) => b.free());
match[Symbol.dispose]();
rules.free();

const rg = RummyGame.deal({ players: 3, jokers: 1 }, { seed: 4 });
const rb = new RummyBot('greedy');
while (!rg.over) rg.play(rb.choose(rg.view(rg.turn)));
const h: RummyHand = RummyHand.parse('7H 7H JK 2C');
console.log(`rummy: winner ${rg.result().winner}, value of ${h} is ${rummyValue(h)}`);
rg.free();
rb.free();
