// ginrummy: the Gin Rummy and basic Rummy rules engine of libginrummy,
// built to WebAssembly.  Every export is synchronous once the module is
// imported (the .wasm is loaded by a top-level await).
export {
    Card, CardSet, GinRummyError, C as constants, UNBOUND, stats,
} from './runtime.mjs';
export {
    version, versionNumber, parseCard, parseCards, formatCards, cardPoints, meldKind,
    deadwood, arrange, bestDiscard, arrangements, toArrangement, layOff, checkLayoff,
    checkArrangement, layoffTargets, buildLayoff, adviseTake, adviseKnock, viewUnseen,
    adviseTakeView, checkView, describeOptions, presets, Rules, settle, toMove, parseMove, formatMove,
    formatPosition, parsePosition, checkPosition, Game, Bot, expertFeatures, reasons, strerror,
} from './gin.mjs';
export { Match, Env, deriveSeed, openspiel, ENV_NUM_ACTIONS, ENV_OBS_SIZE } from './match.mjs';
export {
    RummyHand, RummyMeld, parseRummyCard, formatRummyCard, rummyCardPoints, rummyValue, rummyArrange,
    checkRummyArrangement, rummyGoOut, rummyCanGoOut, rummyCanGoOutPlan, describeRummyOptions, RummyRules,
    formatRummyAction, formatRummyMove, parseRummyMove, formatRummyTurn, parseRummyTurn, rummyMoveJokerFaces, rummyMeldCompletions, RummyGame, rummyViewLegalMoves, RummyMatch, rummySettle, RummyBot,
} from './rummy.mjs';
