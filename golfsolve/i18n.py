"""Texts in English, Finnish, Indonesian and Turkish.

The Finnish, Indonesian and Turkish card names, board descriptions, refusals and end message
are the wording of the Golf rules pages in those languages.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

from .cards import ACE, JACK, KING, QUEEN, Card

LANGUAGES = ("en", "fi", "id", "tr")

_SUITS = {
    "en": {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"},
    "fi": {"C": "risti", "D": "ruutu", "H": "hertta", "S": "pata"},
    "id": {"C": "keriting", "D": "wajik", "H": "hati", "S": "sekop"},
    "tr": {"C": "sinek", "D": "karo", "H": "kupa", "S": "maça"},
}
_FACES = {
    "en": {ACE: "ace", JACK: "jack", QUEEN: "queen", KING: "king"},
    "fi": {ACE: "ässä", JACK: "sotilas", QUEEN: "rouva", KING: "kuningas"},
    "id": {ACE: "as", JACK: "jack", QUEEN: "ratu", KING: "raja"},
    "tr": {ACE: "as", JACK: "vale", QUEEN: "kız", KING: "papaz"},
}

TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "prompt": "Move (1-7 remove, d draw, u undo, h hint, n new deal, q quit): ",
        "final_score": "Score: {score}",
        "after_end": "u undoes, n starts a new deal, q quits.",
        "hint_move": "Hint: {move}",
        "hint_draw": "draw",
        "hint_column": "column {column} ({card})",
        "hint_lost": "No winning line from here; at best {more} more cards can be removed.",
        "hint_lost_one": "No winning line from here; at best 1 more card can be removed.",
        "unknown_input": "Unknown input {text!r}: type 1-7, d, u, h, n or q",
        "new_deal": "New deal: {code}",
        "summary": "Removed: {removed} of 35. Score: {score}. Moves: {moves}.",
        "illegal": "Move {n} ({move}): {reason}",
        "move_draw": "draw",
        "move_column": "column {column}",
        "rank": "Rank must be one higher or lower",
        "blocked": "This card is blocked",
        "king": "Nothing may be played on a King",
        "no_card": "There is no card there",
        "empty_column": "Column {column} is empty",
        "bad_column": "There is no column {column}",
        "stock_empty": "The stock is empty",
        "nothing_to_undo": "Nothing to undo",
        "game_over": "The game is over",
        "stuck": "No more moves possible",
        "won": "You won!",
        "score": "Score",
        "moves": "Moves",
        "stock_line": "Stock: {cards}; waste: {waste}.",
        "column": "Column {n}: {cards}",
        "free": "free",
        "empty": "empty",
        "cards_one": "1 card",
        "cards_many": "{n} cards",
    },
    "fi": {
        "prompt": "Siirto (1-7 poista, d nosta, u kumoa, h vihje, n uusi jako, q lopeta): ",
        "final_score": "Pisteet: {score}",
        "after_end": "u kumoaa, n aloittaa uuden jaon, q lopettaa.",
        "hint_move": "Vihje: {move}",
        "hint_draw": "nosta",
        "hint_column": "sarake {column} ({card})",
        "hint_lost": "Tästä ei voi enää voittaa; parhaimmillaan voi poistaa vielä {more} korttia.",
        "hint_lost_one": "Tästä ei voi enää voittaa; parhaimmillaan voi poistaa vielä 1 kortin.",
        "unknown_input": "Tuntematon syöte {text!r}: kirjoita 1-7, d, u, h, n tai q",
        "new_deal": "Uusi jako: {code}",
        "summary": "Poistettu: {removed}/35. Pisteet: {score}. Siirrot: {moves}.",
        "illegal": "Siirto {n} ({move}): {reason}",
        "move_draw": "nosto",
        "move_column": "sarake {column}",
        "rank": "Arvon on oltava yhden suurempi tai pienempi",
        "blocked": "Tämä kortti on estetty",
        "king": "Kuninkaan päälle ei voi poistaa korttia",
        "no_card": "Siinä ei ole korttia",
        "empty_column": "Sarake {column} on tyhjä",
        "bad_column": "Saraketta {column} ei ole",
        "stock_empty": "Nostopakka on tyhjä",
        "nothing_to_undo": "Ei kumottavaa",
        "game_over": "Peli on päättynyt",
        "stuck": "Ei enää mahdollisia siirtoja",
        "won": "Voitit pelin!",
        "score": "Pisteet",
        "moves": "Siirrot",
        "stock_line": "Nostopakka: {cards}; poistopino: {waste}.",
        "column": "Sarake {n}: {cards}",
        "free": "vapaa",
        "empty": "tyhjä",
        "cards_one": "1 kortti",
        "cards_many": "{n} korttia",
    },
    "id": {
        "prompt": "Langkah (1-7 keluarkan, d ambil, u batal, h petunjuk, n baru, q keluar): ",
        "final_score": "Skor: {score}",
        "after_end": "u membatalkan, n memulai permainan baru, q keluar.",
        "hint_move": "Petunjuk: {move}",
        "hint_draw": "ambil kartu",
        "hint_column": "kolom {column} ({card})",
        "hint_lost": "Tidak ada jalan menang dari sini; paling banyak {more} kartu lagi dapat "
                     "dikeluarkan.",
        "hint_lost_one": "Tidak ada jalan menang dari sini; paling banyak 1 kartu lagi dapat "
                         "dikeluarkan.",
        "unknown_input": "Masukan tidak dikenal {text!r}: ketik 1-7, d, u, h, n atau q",
        "new_deal": "Susunan kartu baru: {code}",
        "summary": "Dikeluarkan: {removed} dari 35. Skor: {score}. Langkah: {moves}.",
        "illegal": "Langkah {n} ({move}): {reason}",
        "move_draw": "ambil kartu",
        "move_column": "kolom {column}",
        "rank": "Harus bernilai satu tingkat lebih tinggi atau lebih rendah",
        "blocked": "Kartu ini terhalang",
        "king": "Tidak ada kartu yang boleh dikeluarkan ke atas Raja",
        "no_card": "Tidak ada kartu di sana",
        "empty_column": "Kolom {column} kosong",
        "bad_column": "Tidak ada kolom {column}",
        "stock_empty": "Tumpukan ambil kosong",
        "nothing_to_undo": "Tidak ada langkah untuk dibatalkan",
        "game_over": "Permainan sudah berakhir",
        "stuck": "Tidak ada lagi langkah yang dapat dilakukan",
        "won": "Anda menang!",
        "score": "Skor",
        "moves": "Langkah",
        "stock_line": "Tumpukan ambil: {cards}; buangan: {waste}.",
        "column": "Kolom {n}: {cards}",
        "free": "bebas",
        "empty": "kosong",
        "cards_one": "1 kartu",
        "cards_many": "{n} kartu",
    },
    "tr": {
        "prompt": "Hamle (1-7 kaldır, d çek, u geri al, h ipucu, n yeni oyun, q çık): ",
        "final_score": "Puan: {score}",
        "after_end": "u geri alır, n yeni bir oyun başlatır, q çıkar.",
        "hint_move": "İpucu: {move}",
        "hint_draw": "kart çek",
        "hint_column": "sütun {column} ({card})",
        "hint_lost": "Buradan kazanılamaz; en fazla {more} kart daha kaldırılabilir.",
        "hint_lost_one": "Buradan kazanılamaz; en fazla 1 kart daha kaldırılabilir.",
        "unknown_input": "Bilinmeyen giriş {text!r}: 1-7, d, u, h, n veya q yazın",
        "new_deal": "Yeni dağılım: {code}",
        "summary": "Kaldırılan: {removed}/35. Puan: {score}. Hamleler: {moves}.",
        "illegal": "Hamle {n} ({move}): {reason}",
        "move_draw": "kart çekme",
        "move_column": "sütun {column}",
        "rank": "Bir büyük veya bir küçük değerde olmalı",
        "blocked": "Bu kart engellenmiş",
        "king": "Papaz üzerine kart konamaz",
        "no_card": "Orada kart yok",
        "empty_column": "Sütun {column} boş",
        "bad_column": "Sütun {column} yok",
        "stock_empty": "Çekme destesi boş",
        "nothing_to_undo": "Geri alınacak hamle yok",
        "game_over": "Oyun bitti",
        "stuck": "Yapılabilecek hamle kalmadı",
        "won": "Kazandınız!",
        "score": "Puan",
        "moves": "Hamleler",
        "stock_line": "Çekme destesi: {cards}; açık yığın: {waste}.",
        "column": "Sütun {n}: {cards}",
        "free": "serbest",
        "empty": "boş",
        "cards_one": "1 kart",
        "cards_many": "{n} kart",
    },
}


def default_language() -> str:
    """The language named by LC_ALL, LC_MESSAGES or LANG (``fi_FI.UTF-8`` -> fi), else en."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "")
        if value:
            lang = value.split("_")[0].split(".")[0].lower()
            return lang if lang in LANGUAGES else "en"
    return "en"


def text(lang: str, key: str, **params: object) -> str:
    return TEXTS[lang][key].format(**params)


def card_name(card: Card, lang: str = "en") -> str:
    suit = _SUITS[lang][card.suit]
    face = _FACES[lang].get(card.rank)
    rank = face if face else str(card.rank)
    if lang == "en":
        return f"{rank} of {suit}"
    if lang == "fi":
        return suit + face if face else f"{suit} {rank}"
    if lang == "id":
        return f"{rank} {suit}"
    return f"{suit} {rank}"  # tr


def short_name(card: Card, lang: str = "en") -> str:
    """``10♠``; the Finnish, Indonesian and Turkish pages write the king R (``R♣``)."""
    if card.rank == KING and lang != "en":
        return "R" + card.pretty[-1]
    return card.pretty


def count_cards(n: int, lang: str) -> str:
    return text(lang, "cards_one") if n == 1 else text(lang, "cards_many", n=n)


def describe_position(
    columns: Sequence[Sequence[Card]], stock_left: int, waste: Card, lang: str = "en"
) -> str:
    """The rules pages' sentence: stock count, waste card, each column with its free card."""
    parts = []
    for n, column in enumerate(columns, 1):
        if column:
            names = ", ".join(card_name(c, lang) for c in column)
            cards = f"{names} ({text(lang, 'free')}: {card_name(column[-1], lang)})"
        else:
            cards = text(lang, "empty")
        part = text(lang, "column", n=n, cards=cards)
        parts.append(part if n == 1 else part[0].lower() + part[1:])
    head = text(lang, "stock_line", cards=count_cards(stock_left, lang),
                waste=card_name(waste, lang))
    return head + " " + "; ".join(parts) + "."
