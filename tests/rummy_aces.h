/*
 * rummy_aces.h: the slowest ace-high melding hands found (all eight aces,
 * 2 to 8 jokers, cards that cannot all meld), shared by tests/check_rummy_melding.c
 * (which checks their values) and bench/bench-rummy.c (aces mode, which
 * times them).  The values were computed by the earlier search that
 * solved every way of playing the aces, one DP each.  Depends on nothing.
 */
#ifndef GR_RUMMY_ACES_H
#define GR_RUMMY_ACES_H

static const struct {
    const char *hand;
    int         value;   /* gr_rummy_value with GR_RUMMY_ACE_HIGH */
} rummy_ace_hostile[] = {
    { "AC AC 2C 2C 4C 6C 8C 9C 9C QC AD AD 2D 2D 3D 4D 5D 6D 6D 7D 9D QD QD AH AH "
      "2H 3H 5H 6H 8H QH AS AS 2S 7S QS JK JK JK JK", 19 },
    { "AC AC 3C 3C 4C 7C 8C 10C 10C KC AD AD 2D 3D 4D 5D 7D 7D QD AH AH 2H 2H 4H "
      "6H 8H JH AS AS 3S 3S 4S 4S 7S QS KS JK JK JK JK", 46 },
    { "AC AC 3C 5C 7C 8C 8C 10C JC QC QC AD AD 5D 6D 7D 7D 10D JD KD KD AH AH 2H "
      "3H 3H 5H 5H 6H 6H 7H 8H 9H 10H QH KH AS AS 2S 3S 6S 7S 7S 8S 10S JS JS KS "
      "JK JK JK JK", 27 },
    { "AC AC 2C 2C 3C 4C 5C 5C 6C 6C 8C 9C AD AD 2D 2D 3D 3D 6D 7D 7D 9D 10D JD "
      "QD KD KD AH AH 2H 2H 3H 3H 4H 7H 9H QH QH KH KH AS AS 2S 3S 3S 4S 7S 7S JK "
      "JK JK JK", 5 },
    { "AC AC 2C 2C QC AD AD 2D 3D AH AH 2H 4H AS AS 2S JK JK JK JK", 2 },
    { "AC AC 7C 8C 8C AD AD 5D 7D 8D 8D AH AH 4H 6H 7H 7H 8H 9H AS AS 5S 6S 6S 7S "
      "8S JK JK JK JK", 4 },
    { "AC AC 3C 5C QC QC AD AD 3D 3D 10D JD QD QD AH AH 10H 10H JH QH KH AS AS 10S "
      "JS QS JK JK JK JK", 3 },
    { "AC AC 7C 8C 8C 9C 10C 10C JC AD AD 7D 7D 8D 9D 9D 10D JD AH AH 6H 7H 8H 9H "
      "9H 10H AS AS 4S 5S 7S 8S 8S 9S 9S QS JK JK JK JK", 6 },
    { "AC AC 4C 5C 6C 6C 7C 7C 8C 8C 9C JC AD AD 3D 5D 5D 6D 7D 7D 9D KD AH AH 2H "
      "3H 4H 4H 5H 5H 6H 6H 8H 9H 10H QH QH AS AS 3S 4S 4S 5S 6S 7S 9S 10S KS JK "
      "JK JK JK", 21 },
    { "AC AC 3C 3C 5C 5C 6C 6C 7C 7C 8C 9C 10C 10C JC JC AD AD 3D 5D 5D 6D 7D 7D "
      "9D KD AH AH 2H 2H 3H 3H 4H 4H 5H 5H 6H 6H 7H 7H 8H 8H 9H 10H 10H JH QH KH "
      "KH AS AS 2S 3S 4S 4S 5S 6S 6S 7S 7S 8S 8S 9S 9S QS KS JK JK JK JK", 2 },
    { "AC AC 2C 2C 3C 4C 5C 5C 6C 7C 7C 8C 9C 9C 10C JC JC QC QC KC KC AD AD 2D "
      "3D 4D 5D 5D 6D 6D 8D 8D 9D 10D 10D JD JD QD QD KD AH AH 4H 4H 5H 5H 8H 8H "
      "9H 9H 10H 10H JH JH QH KH AS AS 2S 3S 4S 5S 6S 7S 7S 8S 8S 9S 9S 10S JS QS "
      "QS KS JK JK", 2 },
    { "AC AC 3C 4C 7C 7C 8C 8C 9C 9C AD AD 5D 5D 6D 7D 7D 8D 8D 9D 10D AH AH 7H "
      "7H 8H 9H 9H QH QH KH AS AS 2S 3S 3S 4S 6S 7S 8S 8S 9S KS KS JK JK JK JK JK "
      "JK JK JK", 3 },
    { NULL, 0 }
};

#endif /* GR_RUMMY_ACES_H */
