"""Texts in English, Finnish, Indonesian and Turkish.

The Finnish, Indonesian and Turkish card names, board descriptions, refusals and end message
are the wording of the Golf rules pages in those languages. The strict rules' refusal of a draw
(``draw_fits``) and their name are golfsolve's translations, worded after the pages' last
section ("draw only when no move is possible"), which states the rule but gives no message.
No text names a command-line option: where one is wanted (``{option}``) the command fills it in.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from fractions import Fraction
from numbers import Real

from golfsolve.model.cards import ACE, JACK, KING, QUEEN, Card
from golfsolve.model.text import ascii_lower

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
        "final_score": "Score: {score}",
        "after_end": "u undoes, n starts a new deal, q quits.",
        "hint_draw": "draw",
        "hint_column": "column {column} ({card})",
        "new_deal": "New deal: {code}",
        "summary": "Removed: {removed} of 35. Score: {score}. Moves: {moves}.",
        "illegal": "Move {n} ({move}): {reason}",
        "move_draw": "draw",
        "move_column": "column {column}",
        "rank": "Rank must be one higher or lower",
        "blocked": "This card is blocked",
        "king": "Nothing may be played on a King",
        "draw_fits": "A card may be drawn only when no removal is possible",
        "no_card": "There is no card there",
        "empty_column": "Column {column} is empty",
        "bad_column": "There is no column {column}",
        "stock_empty": "The stock is empty",
        "stock_unknown": "The next stock card is not known",
        "draw_known": "The stock's cards are known here: a draw turns up the next one",
        "seen_column": "{card} is in column {column}, row {row}: it cannot be in the stock",
        "seen_waste": "{card} is the waste card: it cannot be in the stock",
        "seen_played": "{card} is under the waste already: it cannot be in the stock",
        "seen_stock": "{card} is the stock's card {n} from the top: it cannot turn up now",
        "nothing_to_undo": "Nothing to undo",
        "nothing_to_undo_saved": "Nothing to undo: the game was taken up from a file with no "
                                 "undo history that leads to its position (a board, or a save "
                                 "made before saves kept it)",
        "game_over": "The game is over",
        "stuck": "No more moves possible",
        "won": "You won!",
        "score": "Score",
        "moves": "Moves",
        "stock": "Stock",
        "waste": "Waste",
        "stock_line": "Stock: {cards}; waste: {waste}.",
        "column": "Column {n}: {cards}",
        "free": "free",
        "empty": "empty",
        "cards_one": "1 card",
        "cards_many": "{n} cards",
        "deal_number": "deal {n}",
        "no_code": "no game code: codes stop at deal {last}",
        "rules_easy": "easy rules",
        "rules_classic": "classic rules",
        "rules_dead-king": "dead-king rules",
        "rules_strict": "strict rules",
    },
    "fi": {
        "final_score": "Pisteet: {score}",
        "after_end": "u kumoaa, n aloittaa uuden jaon, q lopettaa.",
        "hint_draw": "nosto",
        "hint_column": "sarake {column} ({card})",
        "new_deal": "Uusi jako: {code}",
        "summary": "Poistettu: {removed}/35. Pisteet: {score}. Siirrot: {moves}.",
        "illegal": "Siirto {n} ({move}): {reason}",
        "move_draw": "nosto",
        "move_column": "sarake {column}",
        "rank": "Arvon on oltava yhden suurempi tai pienempi",
        "blocked": "Tämä kortti on estetty",
        "king": "Kuninkaan päälle ei voi poistaa korttia",
        "draw_fits": "Nostaa saa vain, kun yhtään siirtoa ei ole mahdollista tehdä",
        "no_card": "Siinä ei ole korttia",
        "empty_column": "Sarake {column} on tyhjä",
        "bad_column": "Saraketta {column} ei ole",
        "stock_empty": "Nostopakka on tyhjä",
        "stock_unknown": "Nostopakan seuraavaa korttia ei tunneta",
        "draw_known": "Nostopakan kortit tunnetaan tässä: nosto kääntää seuraavan",
        "seen_column": "{card} on sarakkeessa {column}, rivillä {row}: se ei voi olla "
                       "nostopakassa",
        "seen_waste": "{card} on poistopinon päällimmäinen kortti: se ei voi olla nostopakassa",
        "seen_played": "{card} on jo poistopinossa: se ei voi olla nostopakassa",
        "seen_stock": "{card} on nostopakan {n}. kortti ylhäältä: sitä ei voi nostaa nyt",
        "nothing_to_undo": "Ei kumottavaa",
        "nothing_to_undo_saved": "Ei kumottavaa: peli jatkui tiedostosta, jossa ei ole sen "
                                 "tilanteeseen johtavaa kumoushistoriaa (board-tiedosto tai "
                                 "tallennus ajalta, jolloin tallennukset eivät sitä "
                                 "säilyttäneet)",
        "game_over": "Peli on päättynyt",
        "stuck": "Ei enää mahdollisia siirtoja",
        "won": "Voitit pelin!",
        "score": "Pisteet",
        "moves": "Siirrot",
        "stock": "Nostopakka",
        "waste": "Poistopino",
        "stock_line": "Nostopakka: {cards}; poistopino: {waste}.",
        "column": "Sarake {n}: {cards}",
        "free": "vapaa",
        "empty": "tyhjä",
        "cards_one": "1 kortti",
        "cards_many": "{n} korttia",
        "deal_number": "jako {n}",
        "no_code": "ei pelikoodia: koodit päättyvät jakoon {last}",
        "rules_easy": "Helppo-säännöt",
        "rules_classic": "Klassinen-säännöt",
        "rules_dead-king": "dead-king-säännöt",
        "rules_strict": "tiukat säännöt",
    },
    "id": {
        "final_score": "Skor: {score}",
        "after_end": "u membatalkan, n memulai permainan baru, q keluar.",
        "hint_draw": "ambil kartu",
        "hint_column": "kolom {column} ({card})",
        "new_deal": "Susunan kartu baru: {code}",
        "summary": "Dikeluarkan: {removed} dari 35. Skor: {score}. Langkah: {moves}.",
        "illegal": "Langkah {n} ({move}): {reason}",
        "move_draw": "ambil kartu",
        "move_column": "kolom {column}",
        "rank": "Harus bernilai satu tingkat lebih tinggi atau lebih rendah",
        "blocked": "Kartu ini terhalang",
        "king": "Tidak ada kartu yang boleh dikeluarkan ke atas Raja",
        "draw_fits": "Kartu hanya boleh diambil ketika tidak ada langkah yang dapat dilakukan",
        "no_card": "Tidak ada kartu di sana",
        "empty_column": "Kolom {column} kosong",
        "bad_column": "Tidak ada kolom {column}",
        "stock_empty": "Tumpukan ambil kosong",
        "stock_unknown": "Kartu berikutnya di tumpukan ambil tidak diketahui",
        "draw_known": "Kartu tumpukan ambil sudah diketahui di sini: mengambil kartu membuka "
                      "kartu berikutnya",
        "seen_column": "{card} ada di kolom {column}, baris {row}: kartu itu tidak mungkin ada "
                       "di tumpukan ambil",
        "seen_waste": "{card} adalah kartu teratas buangan: kartu itu tidak mungkin ada di "
                      "tumpukan ambil",
        "seen_played": "{card} sudah ada di buangan: kartu itu tidak mungkin ada di tumpukan "
                       "ambil",
        "seen_stock": "{card} adalah kartu ke-{n} dari atas tumpukan ambil: kartu itu tidak "
                      "bisa terbuka sekarang",
        "nothing_to_undo": "Tidak ada langkah untuk dibatalkan",
        "nothing_to_undo_saved": "Tidak ada langkah untuk dibatalkan: permainan dilanjutkan "
                                 "dari berkas tanpa riwayat batal yang mengarah ke posisinya "
                                 "(berkas board, atau simpanan dari sebelum simpanan "
                                 "menyimpannya)",
        "game_over": "Permainan sudah berakhir",
        "stuck": "Tidak ada lagi langkah yang dapat dilakukan",
        "won": "Anda menang!",
        "score": "Skor",
        "moves": "Langkah",
        "stock": "Tumpukan ambil",
        "waste": "Buangan",
        "stock_line": "Tumpukan ambil: {cards}; buangan: {waste}.",
        "column": "Kolom {n}: {cards}",
        "free": "bebas",
        "empty": "kosong",
        "cards_one": "1 kartu",
        "cards_many": "{n} kartu",
        "deal_number": "susunan kartu {n}",
        "no_code": "tanpa kode permainan: kode berhenti di susunan kartu {last}",
        "rules_easy": "aturan Mudah",
        "rules_classic": "aturan Klasik",
        "rules_dead-king": "aturan dead-king",
        "rules_strict": "aturan ketat",
    },
    "tr": {
        "final_score": "Puan: {score}",
        "after_end": "u geri alır, n yeni bir oyun başlatır, q çıkar.",
        "hint_draw": "kart çekmek",
        "hint_column": "sütun {column} ({card})",
        "new_deal": "Yeni dağılım: {code}",
        "summary": "Kaldırılan: {removed}/35. Puan: {score}. Hamleler: {moves}.",
        "illegal": "Hamle {n} ({move}): {reason}",
        "move_draw": "kart çekme",
        "move_column": "sütun {column}",
        "rank": "Bir büyük veya bir küçük değerde olmalı",
        "blocked": "Bu kart engellenmiş",
        "king": "Papaz üzerine kart konamaz",
        "draw_fits": "Yalnızca hiçbir hamle yapılamadığında kart çekilebilir",
        "no_card": "Orada kart yok",
        "empty_column": "Sütun {column} boş",
        "bad_column": "Sütun {column} yok",
        "stock_empty": "Çekme destesi boş",
        "stock_unknown": "Çekme destesinin sonraki kartı bilinmiyor",
        "draw_known": "Çekme destesinin kartları burada biliniyor: çekmek sıradaki kartı açar",
        "seen_column": "{card}, sütun {column} içinde {row} numaralı sırada: çekme destesinde "
                       "olamaz",
        "seen_waste": "{card} açık yığının en üstündeki kart: çekme destesinde olamaz",
        "seen_played": "{card} zaten açık yığında: çekme destesinde olamaz",
        "seen_stock": "{card} çekme destesinin üstten {n}. kartı: şimdi çıkamaz",
        "nothing_to_undo": "Geri alınacak hamle yok",
        "nothing_to_undo_saved": "Geri alınacak hamle yok: oyun, durumuna varan bir geri alma "
                                 "geçmişi olmayan bir dosyadan sürdürüldü (bir board dosyası ya "
                                 "da kayıtların onu tutmadığı zamandan bir kayıt)",
        "game_over": "Oyun bitti",
        "stuck": "Yapılabilecek hamle kalmadı",
        "won": "Kazandınız!",
        "score": "Puan",
        "moves": "Hamleler",
        "stock": "Çekme destesi",
        "waste": "Açık yığın",
        "stock_line": "Çekme destesi: {cards}; açık yığın: {waste}.",
        "column": "Sütun {n}: {cards}",
        "free": "serbest",
        "empty": "boş",
        "cards_one": "1 kart",
        "cards_many": "{n} kart",
        "deal_number": "dağılım {n}",
        "no_code": "oyun kodu yok: kodlar {last}. dağılımda biter",
        "rules_easy": "Kolay kuralı",
        "rules_classic": "Klasik kuralı",
        "rules_dead-king": "dead-king kuralı",
        "rules_strict": "katı kural",
    },
}


# The interactive game's own texts: prompts, help, hints and saving (golfsolve's wording; the
# rules pages give none of these).
PLAY_TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "prompt": "Move (1-7, d draw, u undo, h hint, ? help, q quit): ",
        "prompt_short": "Move (? help, q quit): ",  # a terminal too narrow for the prompt
        "help": "1-7         remove the free card of that column (1 4 taps row 4 of column 1)\n"
                "d           draw (d 7H: the card it turned up, where the stock is unseen)\n"
                "u           undo\n"
                "h           hint: the best move without seeing the stock\n"
                "p           peek: the solver's move, looking at the stock\n"
                "s FILE      save this position, stock face down, to FILE\n"
                "s X.svg     draw this position as a picture in X.svg\n"
                "fix A B     card A was typed wrong: it is really B (fix 8D 8H)\n"
                "n           new deal\n"
                "q           quit",
        "hint_fair": "Hint: {move}. Best play without seeing the stock wins {value} of the time.",
        "hint_only": "Hint: {move}, the only legal move. Best play without seeing the stock wins "
                     "{value} of the time.",
        "hint_only_at_once": "Hint: {move}, the only legal move. Its chance follows once worked "
                             "out (Ctrl-C stops that; the game goes on).",
        "hint_odds": "Hint: {move}. It can be won under {value} of sampled stock orders (the "
                     "exact chance is out of reach here).",
        "hint_stopped": "Hint stopped; the game goes on.",
        "hint_none_wins": "Hint: no move can win from here: best play without seeing the stock "
                          "wins under none of its orders (every move 0%). Play on for the score.",
        "hint_only_none_wins": "Hint: {move}, the only legal move. No move can win from here: "
                               "best play without seeing the stock wins under none of its "
                               "orders. Play on for the score.",
        "ctrl_c_at_prompt": "(Ctrl-C: type q to quit, or s FILE to save first; Ctrl-C again "
                            "quits.)",
        "peek_move": "Peeking at the stock: {move} (a winning line).",
        "peek_lost": "Peeking at the stock: no winning line; {move} starts the best one, which "
                     "removes {more} more cards.",
        "peek_lost_one": "Peeking at the stock: no winning line; {move} starts the best one, "
                         "which removes 1 more card.",
        "saved": "Position saved to {path}.",
        "saved_without_rules": "Position saved to {path}; a board names no rules: give "
                               "{option} with it (a .json file keeps them).",
        "save_usage": "Give a file name: s FILE",
        "save_failed": "Cannot write {path}: {reason}",
        "save_over_deal": "{path} is the file this game was read from, and this save would "
                          "lose its deal: save to another file",
        "board_keeps_no_undo": "(A board keeps no undo history: s FILE.json keeps it too.)",
        "picture_saved": "Board drawn to {path} (a picture: play cannot take it up; s "
                         "FILE.json saves the game).",
        "save_suffix": "s saves to FILE.json (the game), FILE.svg (a picture) or a board file "
                       "(FILE.board), not to a {suffix} file",
        "save_exists": "{path} is there already: type s {path} again to write over it",
        "unknown_input": "Unknown input {text!r}: type ? for the commands",
        "layout_typed": "the layout you typed",
        "follow": "The stock is face down: after each draw in your game, type d and the card it "
                  "turned up (d 7H), or d alone to be asked.",
        "draw_which": "Card the draw turned up (as 7H or 10♥; Enter: no draw): ",
        "no_draw": "No draw.",
        "bad_card": "{text!r} is not a card: write it as {examples} or qs",
        "bad_card_ace": "{text!r} is not a card: an ace is A, as {card}",
        "peek_unseen": "The stock is face down here: there is nothing to peek at.",
        "hint_values": "Every legal move: {moves}.",
        "hint_score": "Hint: no move can win from here; for the score, {move}: best play "
                      "without seeing the stock scores {value} on average from here.",
        "hint_score_values": "Every legal move's average score: {moves}.",
        "hint_score_sampled": "Hint: no move can win from here; for the score, {move}: under "
                              "sampled stock orders, best play that saw the stock would score "
                              "{value} on average (the exact value is out of reach here).",
        "hint_only_score": "Hint: {move}, the only legal move. No move can win from here; best "
                           "play without seeing the stock scores {value} on average from here.",
        "hint_score_same": "Hint: no move can win from here; for the score, every legal move "
                           "is as good: best play without seeing the stock scores {value} on "
                           "average from here.",
        "leave_followed": "This game follows yours in the app: type n again to leave it for a "
                          "new random deal.",
        "debrief_best": "You removed {removed} of 35 cards: with the stock in the order it "
                        "came, no play from this game's start removes more.",
        "debrief_more": "You removed {removed} of 35 cards; with the stock in the order it came "
                        "(which no player sees ahead), best play from this game's start removes "
                        "{best}.",
        "debrief_won": "You removed {removed} of 35 cards; with the stock in the order it came "
                       "(which no player sees ahead), this game could be won from its start.",
        "after_end_no_undo": "n starts a new deal, q quits.",
        "draw_last_unseen": "The draw turns up the last card not seen yet: {card}.",
        "draw_again": "The draw turns up {card} again, as before the undo (if it was another "
                      "card: u, then d and that card).",
        "draw_answer_first": "Answer the draw's question first: the card it turned up, or "
                             "Enter for no draw.",
        "quit_unsaved_eof": "This game follows yours in the app and its last moves are not "
                            "saved: press Ctrl-D again to quit, or type s FILE to save first.",
        "draw_rank_only": "Which {rank}? Not seen yet: {cards}.",
        "quit_unsaved": "This game follows yours in the app and its last moves are not "
                        "saved: type q again to quit, or s FILE to save first.",
        "fix_usage": "Give the card as you typed it, then the card it really is: fix 8D 8H",
        "fix_same": "{card} and {card} are one card: give the card as you typed it, then the "
                    "card it really is (fix 8D 8H)",
        "fix_unseen": "{card} is nowhere in the game yet: give the card as you typed it, then "
                      "the card it really is (fix 8D 8H)",
        "fix_illegal_column": "With {meant} in place of {typed}, move {n} (column {column}) "
                              "would not have been legal: undo to before it (u), then put the "
                              "card right.",
        "fix_illegal_draw": "With {meant} in place of {typed}, move {n} (a draw) would not have "
                            "been legal: undo to before it (u), then put the card right.",
        "fix_illegal_column_swapped": "With {typed} and {meant} exchanged, move {n} (column "
                                      "{column}) would not have been legal: undo to before it "
                                      "(u), then put the cards right.",
        "fix_illegal_draw_swapped": "With {typed} and {meant} exchanged, move {n} (a draw) "
                                    "would not have been legal: undo to before it (u), then "
                                    "put the cards right.",
        "fix_followed_only": "Cards are put right only in a game that follows yours (a layout "
                             "you typed): this deal's cards are its own.",
        "fixed": "{typed} put right as {meant}; your moves are played again with it.",
        "fixed_swapped": "{typed} and {meant} exchanged: each is now where the other was "
                         "typed; your moves are played again with them.",
        "history_left_out": "{path}'s undo history does not lead to its position: the game "
                            "takes up where it stands, with nothing to undo before it.",
        "card_without_draw": "{card} is a card: if a draw turned it up, type d {token}",
        "fix_seen": "If {card} was typed wrong there: fix {token} and the card that is there "
                    "(fix 8D 8H), then draw again.",
        "fix_seen_asked": "If {card} was typed wrong there: Enter (no draw), fix {token} and "
                          "the card that is there (fix 8D 8H), then draw again.",
        "unsaved_game_kept": "the game's moves that no save held are kept in {path}: "
                             "golfsolve play {path} takes it up",
        "rules_not_named": "{path} names no rules: {rules}; give {option} for others",
        "unsaved_game_note": "a game that followed yours ended at {when} with moves no save "
                             "held; they are kept in {path}: golfsolve play {path} takes it up "
                             "(saving it elsewhere then clears this note; deleting the file "
                             "drops them)",
    },
    "fi": {
        "prompt": "Siirto (1-7, d nosta, u kumoa, h vihje, ? ohje, q lopeta): ",
        "prompt_short": "Siirto (? ohje, q lopeta): ",  # a terminal too narrow for the prompt
        "help": "1-7         poista sarakkeen vapaa kortti (1 4 napauttaa sarakkeen 1 riviä 4)\n"
                "d           nosta (d 7H: nostettu kortti, kun nostopakka on kuvapuoli alaspäin)\n"
                "u           kumoa\n"
                "h           vihje: paras siirto nostopakkaa näkemättä\n"
                "p           kurkista: nostopakan näkevän ratkaisijan siirto\n"
                "s TIEDOSTO  tallenna tilanne tiedostoon TIEDOSTO nostopakka kuvapuoli alaspäin\n"
                "s X.svg     piirrä tämä tilanne kuvaksi tiedostoon X.svg\n"
                "fix A B     kortti A kirjoitettiin väärin: se on oikeasti B (fix 8D 8H)\n"
                "n           uusi jako\n"
                "q           lopeta",
        "hint_fair": "Vihje: {move}. Paras peli nostopakkaa näkemättä voittaa {value}:n "
                     "todennäköisyydellä.",
        "hint_only": "Vihje: {move}, ainoa sallittu siirto. Paras peli nostopakkaa näkemättä "
                     "voittaa {value}:n todennäköisyydellä.",
        "hint_only_at_once": "Vihje: {move}, ainoa sallittu siirto. Sen voittomahdollisuus tulee, "
                             "kun se on laskettu (Ctrl-C keskeyttää laskun; peli jatkuu).",
        "hint_odds": "Vihje: {move}. Sen jälkeen peli on voitettavissa {value}:ssa arvotuista "
                     "nostopakan järjestyksistä (tarkkaa todennäköisyyttä on tässä liian raskas "
                     "laskea).",
        "hint_stopped": "Vihje keskeytetty; peli jatkuu.",
        "hint_none_wins": "Vihje: mikään siirto ei voi tästä johtaa voittoon: paras peli "
                          "nostopakkaa näkemättä ei voita sen millään järjestyksellä (jokainen "
                          "siirto 0 %). Pelaa jatkossa pisteistä.",
        "hint_only_none_wins": "Vihje: {move}, ainoa sallittu siirto. Mikään siirto ei voi "
                               "tästä johtaa voittoon: paras peli nostopakkaa näkemättä ei "
                               "voita sen millään järjestyksellä. Pelaa jatkossa pisteistä.",
        "ctrl_c_at_prompt": "(Ctrl-C: kirjoita q lopettaaksesi tai ensin s TIEDOSTO "
                            "tallentaaksesi; uusi Ctrl-C lopettaa.)",
        "peek_move": "Nostopakkaan kurkistaen: {move} (voittava siirtosarja).",
        "peek_lost": "Nostopakkaan kurkistaen: voittavaa siirtosarjaa ei ole; {move} aloittaa "
                     "parhaan, joka poistaa vielä {more} korttia.",
        "peek_lost_one": "Nostopakkaan kurkistaen: voittavaa siirtosarjaa ei ole; {move} "
                         "aloittaa parhaan, joka poistaa vielä 1 kortin.",
        "saved": "Tilanne tallennettu tiedostoon {path}.",
        "saved_without_rules": "Tilanne tallennettu tiedostoon {path}; board-tiedosto ei kerro "
                               "sääntöjä: anna sen kanssa {option} (.json-tiedosto säilyttää ne).",
        "save_usage": "Anna tiedoston nimi: s TIEDOSTO",
        "save_failed": "Tiedostoon {path} ei voi kirjoittaa: {reason}",
        "save_over_deal": "{path} on tiedosto, josta tämä peli luettiin, ja tämä tallennus "
                          "hävittäisi sen jaon: tallenna toiseen tiedostoon",
        "board_keeps_no_undo": "(Board-tiedosto ei säilytä kumoushistoriaa: s TIEDOSTO.json "
                               "säilyttää senkin.)",
        "picture_saved": "Tilanne piirretty tiedostoon {path} (kuva: play ei voi jatkaa siitä; "
                         "s TIEDOSTO.json tallentaa pelin).",
        "save_suffix": "s tallentaa tiedostoon TIEDOSTO.json (peli), TIEDOSTO.svg (kuva) tai "
                       "board-tiedostoon (TIEDOSTO.board), ei {suffix}-tiedostoon",
        "save_exists": "{path} on jo olemassa: kirjoita s {path} uudelleen, jos haluat "
                       "kirjoittaa sen päälle",
        "unknown_input": "Tuntematon syöte {text!r}: ? näyttää komennot",
        "layout_typed": "kirjoittamasi jako",
        "follow": "Nostopakka on kuvapuoli alaspäin: kirjoita jokaisen pelisi noston jälkeen d "
                  "ja kortti, jonka nosto käänsi (d 7H), tai pelkkä d, niin sitä kysytään.",
        "draw_which": "Kortti, jonka nosto käänsi (esim. 7H tai 10♥; Enter: ei nostoa): ",
        "no_draw": "Ei nostoa.",
        "bad_card": "{text!r} ei ole kortti: kirjoita se esim. {examples} tai qs",
        "bad_card_ace": "{text!r} ei ole kortti: ässä on A, esim. {card}",
        "peek_unseen": "Nostopakka on tässä kuvapuoli alaspäin: kurkistettavaa ei ole.",
        "hint_values": "Jokainen sallittu siirto: {moves}.",
        "hint_score": "Vihje: mikään siirto ei voi tästä johtaa voittoon; pisteiden kannalta "
                      "{move}: paras peli nostopakkaa näkemättä saa tästä keskimäärin {value} "
                      "pistettä.",
        "hint_score_values": "Kunkin sallitun siirron keskimääräiset pisteet: {moves}.",
        "hint_score_sampled": "Vihje: mikään siirto ei voi tästä johtaa voittoon; pisteiden "
                              "kannalta {move}: arvotuissa nostopakan järjestyksissä nostopakan "
                              "nähnyt paras peli saisi keskimäärin {value} pistettä (tarkkaa "
                              "arvoa on tässä liian raskas laskea).",
        "hint_only_score": "Vihje: {move}, ainoa sallittu siirto. Mikään siirto ei voi tästä "
                           "johtaa voittoon; paras peli nostopakkaa näkemättä saa tästä "
                           "keskimäärin {value} pistettä.",
        "hint_score_same": "Vihje: mikään siirto ei voi tästä johtaa voittoon; pisteiden "
                           "kannalta jokainen sallittu siirto on yhtä hyvä: paras peli "
                           "nostopakkaa näkemättä saa tästä keskimäärin {value} pistettä.",
        "leave_followed": "Tämä peli seuraa peliäsi sovelluksessa: kirjoita n uudelleen, jos "
                          "haluat jättää sen ja aloittaa uuden satunnaisen jaon.",
        "debrief_best": "Poistit 35 kortista {removed}: nostopakan toteutuneessa "
                        "järjestyksessä mikään peli tämän pelin alusta ei poista enempää.",
        "debrief_more": "Poistit 35 kortista {removed}; nostopakan toteutuneessa "
                        "järjestyksessä (jota kukaan pelaaja ei näe etukäteen) paras peli tämän "
                        "pelin alusta poistaa {best}.",
        "debrief_won": "Poistit 35 kortista {removed}; nostopakan toteutuneessa järjestyksessä "
                       "(jota kukaan pelaaja ei näe etukäteen) tämän pelin olisi voinut voittaa "
                       "alusta asti.",
        "after_end_no_undo": "n aloittaa uuden jaon, q lopettaa.",
        "draw_last_unseen": "Nosto kääntää viimeisen vielä näkemättömän kortin: {card}.",
        "draw_again": "Nosto kääntää jälleen kortin {card}, kuten ennen kumoamista (jos kortti "
                      "oli jokin muu: u, sitten d ja se kortti).",
        "draw_answer_first": "Vastaa ensin nostoa koskevaan kysymykseen: nostettu kortti, tai "
                             "Enter, jos et nosta.",
        "quit_unsaved_eof": "Tämä peli seuraa peliäsi sovelluksessa, eikä sen viimeisiä "
                            "siirtoja ole tallennettu: paina Ctrl-D uudelleen lopettaaksesi tai "
                            "kirjoita s TIEDOSTO tallentaaksesi ensin.",
        "draw_rank_only": "Mikä {rank}? Vielä näkemättä: {cards}.",
        "quit_unsaved": "Tämä peli seuraa peliäsi sovelluksessa, eikä sen viimeisiä siirtoja "
                        "ole tallennettu: kirjoita q uudelleen lopettaaksesi tai s TIEDOSTO "
                        "tallentaaksesi ensin.",
        "fix_usage": "Anna kortti niin kuin kirjoitit sen ja sitten oikea kortti: fix 8D 8H",
        "fix_same": "{card} ja {card} ovat sama kortti: anna kortti niin kuin kirjoitit sen ja "
                    "sitten oikea kortti (fix 8D 8H)",
        "fix_unseen": "{card} ei ole vielä missään kohtaa peliä: anna kortti niin kuin "
                      "kirjoitit sen ja sitten oikea kortti (fix 8D 8H)",
        "fix_illegal_column": "Jos kortin {typed} paikalla olisi {meant}, siirto {n} (sarake "
                              "{column}) ei olisi ollut sallittu: kumoa siirtoa edeltävään "
                              "tilanteeseen (u) ja korjaa sitten kortti.",
        "fix_illegal_draw": "Jos kortin {typed} paikalla olisi {meant}, siirto {n} (nosto) ei "
                            "olisi ollut sallittu: kumoa siirtoa edeltävään tilanteeseen (u) ja "
                            "korjaa sitten kortti.",
        "fix_illegal_column_swapped": "Jos {typed} ja {meant} vaihdettaisiin keskenään, siirto "
                                      "{n} (sarake {column}) ei olisi ollut sallittu: kumoa "
                                      "siirtoa edeltävään tilanteeseen (u) ja korjaa sitten "
                                      "kortit.",
        "fix_illegal_draw_swapped": "Jos {typed} ja {meant} vaihdettaisiin keskenään, siirto "
                                    "{n} (nosto) ei olisi ollut sallittu: kumoa siirtoa "
                                    "edeltävään tilanteeseen (u) ja korjaa sitten kortit.",
        "fix_followed_only": "Kortteja korjataan vain pelissä, joka seuraa peliäsi "
                             "(kirjoittamasi jako): tämän jaon kortit ovat sen omat.",
        "fixed": "{typed} korjattu kortiksi {meant}; siirtosi pelataan uudelleen sen kanssa.",
        "fixed_swapped": "{typed} ja {meant} vaihdettu keskenään: kumpikin on nyt siellä, "
                         "minne toinen kirjoitettiin; siirtosi pelataan uudelleen niiden "
                         "kanssa.",
        "history_left_out": "Tiedoston {path} kumoushistoria ei johda sen tilanteeseen: peli "
                            "jatkuu tilanteesta sellaisenaan, eikä sitä ennen ole mitään "
                            "kumottavaa.",
        "card_without_draw": "{card} on kortti: jos nosto käänsi sen, kirjoita d {token}",
        "fix_seen": "Jos {card} kirjoitettiin sinne väärin: fix {token} ja siellä oleva kortti "
                    "(fix 8D 8H), sitten nosta uudelleen.",
        "fix_seen_asked": "Jos {card} kirjoitettiin sinne väärin: Enter (ei nostoa), fix "
                          "{token} ja siellä oleva kortti (fix 8D 8H), sitten nosta uudelleen.",
        "unsaved_game_kept": "pelin siirrot, joita mikään tallennus ei sisältänyt, on "
                             "säilytetty tiedostossa {path}: golfsolve play {path} jatkaa sitä",
        "rules_not_named": "{path} ei kerro sääntöjä, joten käytössä ovat {rules}; muut "
                           "säännöt valitaan {option}-valitsimella",
        "unsaved_game_note": "peliäsi seurannut peli päättyi {when}, ja siinä oli siirtoja, "
                             "joita mikään tallennus ei sisältänyt; ne on säilytetty "
                             "tiedostossa {path}: golfsolve play {path} jatkaa sitä (sen "
                             "tallentaminen muualle poistaa tämän huomautuksen; tiedoston "
                             "poistaminen hylkää siirrot)",
    },
    "id": {
        "prompt": "Langkah (1-7, d ambil, u batal, h petunjuk, ? bantuan, q keluar): ",
        "prompt_short": "Langkah (? bantuan, q keluar): ",  # a terminal too narrow for the prompt
        "help": "1-7         keluarkan kartu bebas kolom itu (1 4 mengetuk baris 4 kolom 1)\n"
                "d           ambil kartu (d 7H: kartu yang terbuka, bila tumpukan ambil tertutup)\n"
                "u           batal\n"
                "h           petunjuk: langkah terbaik tanpa melihat tumpukan ambil\n"
                "p           intip: langkah pemecah yang melihat tumpukan ambil\n"
                "s BERKAS    simpan posisi ini, tumpukan ambil tertutup, ke BERKAS\n"
                "s X.svg     simpan gambar posisi ini ke berkas X.svg\n"
                "fix A B     kartu A salah diketik: sebenarnya B (fix 8D 8H)\n"
                "n           permainan baru\n"
                "q           keluar",
        "hint_fair": "Petunjuk: {move}. Permainan terbaik tanpa melihat tumpukan ambil menang "
                     "dengan peluang {value}.",
        "hint_only": "Petunjuk: {move}, satu-satunya langkah yang sah. Permainan terbaik tanpa "
                     "melihat tumpukan ambil menang dengan peluang {value}.",
        "hint_only_at_once": "Petunjuk: {move}, satu-satunya langkah yang sah. Peluangnya "
                             "menyusul setelah dihitung (Ctrl-C menghentikan hitungan itu; "
                             "permainan berlanjut).",
        "hint_odds": "Petunjuk: {move}. Dapat dimenangkan pada {value} dari sampel acak urutan "
                     "tumpukan ambil (peluang pastinya terlalu berat untuk dihitung di sini).",
        "hint_stopped": "Petunjuk dihentikan; permainan berlanjut.",
        "hint_none_wins": "Petunjuk: tidak ada langkah yang bisa menang dari sini: permainan "
                          "terbaik tanpa melihat tumpukan ambil tidak menang pada urutan mana "
                          "pun (setiap langkah 0%). Lanjutkan untuk skor.",
        "hint_only_none_wins": "Petunjuk: {move}, satu-satunya langkah yang sah. Tidak ada "
                               "langkah yang bisa menang dari sini: permainan terbaik tanpa "
                               "melihat tumpukan ambil tidak menang pada urutan mana pun. "
                               "Lanjutkan untuk skor.",
        "ctrl_c_at_prompt": "(Ctrl-C: ketik q untuk keluar, atau s BERKAS untuk menyimpan "
                            "dulu; Ctrl-C lagi untuk keluar.)",
        "peek_move": "Mengintip tumpukan ambil: {move} (jalan menang).",
        "peek_lost": "Mengintip tumpukan ambil: tidak ada jalan menang; {move} memulai jalan "
                     "terbaik, yang mengeluarkan {more} kartu lagi.",
        "peek_lost_one": "Mengintip tumpukan ambil: tidak ada jalan menang; {move} memulai jalan "
                         "terbaik, yang mengeluarkan 1 kartu lagi.",
        "saved": "Posisi disimpan ke {path}.",
        "saved_without_rules": "Posisi disimpan ke {path}; berkas board tidak menyebut aturan: "
                               "berikan {option} bersamanya (berkas .json menyimpannya).",
        "save_usage": "Beri nama berkas: s BERKAS",
        "save_failed": "Tidak dapat menulis {path}: {reason}",
        "save_over_deal": "{path} adalah berkas asal permainan ini, dan simpanan ini akan "
                          "menghilangkan susunan kartunya: simpan ke berkas lain",
        "board_keeps_no_undo": "(Berkas board tidak menyimpan riwayat batal: s BERKAS.json "
                               "menyimpannya juga.)",
        "picture_saved": "Posisi digambar ke berkas {path} (hanya gambar: play tidak dapat "
                         "melanjutkannya; s BERKAS.json menyimpan permainan).",
        "save_suffix": "s menyimpan ke BERKAS.json (permainan), BERKAS.svg (gambar) atau berkas "
                       "board (BERKAS.board), bukan ke berkas {suffix}",
        "save_exists": "{path} sudah ada: ketik s {path} lagi untuk menimpanya",
        "unknown_input": "Masukan tidak dikenal {text!r}: ketik ? untuk daftar perintah",
        "layout_typed": "susunan yang Anda ketik",
        "follow": "Tumpukan ambil tertutup: setelah setiap pengambilan kartu di permainan "
                  "Anda, ketik d dan kartu yang terbuka (d 7H), atau d saja agar ditanya.",
        "draw_which": "Kartu yang terbuka (misalnya 7H atau 10♥; Enter: tidak mengambil): ",
        "no_draw": "Tidak mengambil kartu.",
        "bad_card": "{text!r} bukan kartu: tulis misalnya {examples} atau qs",
        "bad_card_ace": "{text!r} bukan kartu: as ditulis A, misalnya {card}",
        "peek_unseen": "Tumpukan ambil tertutup di sini: tidak ada yang bisa diintip.",
        "hint_values": "Setiap langkah yang sah: {moves}.",
        "hint_score": "Petunjuk: tidak ada langkah yang bisa menang dari sini; untuk skor, "
                      "{move}: permainan terbaik tanpa melihat tumpukan ambil mendapat "
                      "rata-rata {value} poin dari sini.",
        "hint_score_values": "Rata-rata skor setiap langkah yang sah: {moves}.",
        "hint_score_sampled": "Petunjuk: tidak ada langkah yang bisa menang dari sini; untuk "
                              "skor, {move}: pada sampel acak urutan tumpukan ambil, permainan "
                              "terbaik yang melihat tumpukan ambil akan mendapat rata-rata "
                              "{value} poin (nilai pastinya terlalu berat untuk dihitung di sini).",
        "hint_only_score": "Petunjuk: {move}, satu-satunya langkah yang sah. Tidak ada langkah "
                           "yang bisa menang dari sini; permainan terbaik tanpa melihat "
                           "tumpukan ambil mendapat rata-rata {value} poin dari sini.",
        "hint_score_same": "Petunjuk: tidak ada langkah yang bisa menang dari sini; untuk "
                           "skor, setiap langkah yang sah sama baiknya: permainan terbaik tanpa "
                           "melihat tumpukan ambil mendapat rata-rata {value} poin dari sini.",
        "leave_followed": "Permainan ini mengikuti permainan Anda di aplikasi: ketik n lagi "
                          "untuk meninggalkannya dan memulai susunan kartu acak baru.",
        "debrief_best": "Anda mengeluarkan {removed} dari 35 kartu: dengan tumpukan ambil "
                        "dalam urutan kedatangannya, tidak ada permainan dari awal permainan ini "
                        "yang mengeluarkan lebih banyak.",
        "debrief_more": "Anda mengeluarkan {removed} dari 35 kartu; dengan tumpukan ambil "
                        "dalam urutan kedatangannya (yang tidak dapat diketahui pemain mana pun "
                        "sebelumnya), permainan terbaik dari awal permainan ini mengeluarkan "
                        "{best}.",
        "debrief_won": "Anda mengeluarkan {removed} dari 35 kartu; dengan tumpukan ambil dalam "
                       "urutan kedatangannya (yang tidak dapat diketahui pemain mana pun "
                       "sebelumnya), permainan ini bisa dimenangkan dari awalnya.",
        "after_end_no_undo": "n memulai permainan baru, q keluar.",
        "draw_last_unseen": "Pengambilan kartu membuka kartu terakhir yang belum terlihat: "
                            "{card}.",
        "draw_again": "Pengambilan kartu membuka {card} lagi, seperti sebelum dibatalkan (jika "
                      "kartunya lain: u, lalu d dan kartu itu).",
        "draw_answer_first": "Jawab dulu pertanyaan pengambilan kartu: kartu yang terbuka, "
                             "atau Enter untuk tidak mengambil.",
        "quit_unsaved_eof": "Permainan ini mengikuti permainan Anda di aplikasi dan langkah "
                            "terakhirnya belum disimpan: tekan Ctrl-D lagi untuk keluar, atau "
                            "ketik s BERKAS untuk menyimpannya dulu.",
        "draw_rank_only": "{rank} yang mana? Belum terlihat: {cards}.",
        "quit_unsaved": "Permainan ini mengikuti permainan Anda di aplikasi dan langkah "
                        "terakhirnya belum disimpan: ketik q lagi untuk keluar, atau s BERKAS "
                        "untuk menyimpannya dulu.",
        "fix_usage": "Berikan kartu seperti yang Anda ketik, lalu kartu sebenarnya: fix 8D 8H",
        "fix_same": "{card} dan {card} adalah satu kartu: berikan kartu seperti yang Anda ketik, "
                    "lalu kartu sebenarnya (fix 8D 8H)",
        "fix_unseen": "{card} belum ada di mana pun dalam permainan: berikan kartu seperti yang "
                      "Anda ketik, lalu kartu sebenarnya (fix 8D 8H)",
        "fix_illegal_column": "Dengan {meant} menggantikan {typed}, langkah {n} (kolom "
                              "{column}) tidak akan sah: batalkan sampai sebelum langkah itu "
                              "(u), lalu perbaiki kartunya.",
        "fix_illegal_draw": "Dengan {meant} menggantikan {typed}, langkah {n} (ambil kartu) "
                            "tidak akan sah: batalkan sampai sebelum langkah itu (u), lalu "
                            "perbaiki kartunya.",
        "fix_illegal_column_swapped": "Dengan {typed} dan {meant} ditukar, langkah {n} (kolom "
                                      "{column}) tidak akan sah: batalkan sampai sebelum "
                                      "langkah itu (u), lalu perbaiki kartunya.",
        "fix_illegal_draw_swapped": "Dengan {typed} dan {meant} ditukar, langkah {n} (ambil "
                                    "kartu) tidak akan sah: batalkan sampai sebelum langkah "
                                    "itu (u), lalu perbaiki kartunya.",
        "fix_followed_only": "Kartu hanya diperbaiki dalam permainan yang mengikuti permainan "
                             "Anda (susunan yang Anda ketik): kartu susunan ini adalah miliknya "
                             "sendiri.",
        "fixed": "{typed} diperbaiki menjadi {meant}; langkah Anda dimainkan ulang dengannya.",
        "fixed_swapped": "{typed} dan {meant} ditukar: masing-masing kini berada di tempat "
                         "kartu yang lain diketik; langkah Anda dimainkan ulang dengan keduanya.",
        "history_left_out": "Riwayat batal {path} tidak mengarah ke posisinya: permainan "
                            "dilanjutkan dari posisi itu, tanpa langkah yang dapat dibatalkan "
                            "sebelumnya.",
        "card_without_draw": "{card} adalah kartu: jika pengambilan kartu membukanya, ketik d "
                             "{token}",
        "fix_seen": "Jika {card} salah diketik di sana: fix {token} dan kartu yang ada di sana "
                    "(fix 8D 8H), lalu ambil lagi.",
        "fix_seen_asked": "Jika {card} salah diketik di sana: Enter (tidak mengambil), fix "
                          "{token} dan kartu yang ada di sana (fix 8D 8H), lalu ambil lagi.",
        "unsaved_game_kept": "langkah permainan yang tidak ada di simpanan mana pun "
                             "dicadangkan di {path}: golfsolve play {path} melanjutkannya",
        "rules_not_named": "{path} tidak menyebut aturan, jadi dimainkan dengan {rules}; pilih "
                           "aturan lain dengan {option}",
        "unsaved_game_note": "permainan yang mengikuti permainan Anda berakhir pada {when} "
                             "dengan langkah yang tidak ada di simpanan mana pun; langkah itu "
                             "dicadangkan di {path}: golfsolve play {path} melanjutkannya "
                             "(menyimpannya di tempat lain menghapus catatan ini; menghapus "
                             "berkas itu membuang langkah-langkah tersebut)",
    },
    "tr": {
        "prompt": "Hamle (1-7, d çek, u geri al, h ipucu, ? yardım, q çık): ",
        "prompt_short": "Hamle (? yardım, q çık): ",  # a terminal too narrow for the prompt
        "help": "1-7         o sütunun serbest kartını kaldır (1 4: sütun 1, 4 numaralı sıra)\n"
                "d           kart çek (d 7H: çıkan kart, deste kapalıyken)\n"
                "u           geri al\n"
                "h           ipucu: çekme destesini görmeden en iyi hamle\n"
                "p           göz at: çekme destesini gören çözücünün hamlesi\n"
                "s DOSYA     bu durumu çekme destesi kapalı olarak DOSYA'ya kaydet\n"
                "s X.svg     bu durumun resmini X.svg dosyasına çiz\n"
                "fix A B     A kartı yanlış yazıldı: aslında B (fix 8D 8H)\n"
                "n           yeni oyun\n"
                "q           çık",
        "hint_fair": "İpucu: {move}. Çekme destesini görmeden en iyi oyun {value} olasılıkla "
                     "kazanır.",
        "hint_only": "İpucu: {move}, tek geçerli hamle. Çekme destesini görmeden en iyi oyun "
                     "{value} olasılıkla kazanır.",
        "hint_only_at_once": "İpucu: {move}, tek geçerli hamle. Kazanma olasılığı hesaplanınca "
                             "gelecek (Ctrl-C hesaplamayı durdurur; oyun sürer).",
        "hint_odds": "İpucu: {move}. Rastgele seçilen çekme destesi sıralamalarının {value} "
                     "kadarında kazanılabilir (kesin olasılığı burada hesaplamak çok ağır).",
        "hint_stopped": "İpucu durduruldu; oyun sürüyor.",
        "hint_none_wins": "İpucu: buradan hiçbir hamle kazandıramaz: çekme destesini görmeden "
                          "en iyi oyun hiçbir sıralamada kazanmaz (her hamle %0). Puan için "
                          "oynamaya devam edin.",
        "hint_only_none_wins": "İpucu: {move}, tek geçerli hamle. Buradan hiçbir hamle "
                               "kazandıramaz: çekme destesini görmeden en iyi oyun hiçbir "
                               "sıralamada kazanmaz. Puan için oynamaya devam edin.",
        "ctrl_c_at_prompt": "(Ctrl-C: çıkmak için q, önce kaydetmek için s DOSYA yazın; "
                            "yeniden Ctrl-C çıkar.)",
        "peek_move": "Çekme destesine göz atarak: {move} (kazanan yol).",
        "peek_lost": "Çekme destesine göz atarak: kazanan yol yok; {move} en iyi yolu başlatır, "
                     "bu yol {more} kart daha kaldırır.",
        "peek_lost_one": "Çekme destesine göz atarak: kazanan yol yok; {move} en iyi yolu "
                         "başlatır, bu yol 1 kart daha kaldırır.",
        "saved": "Durum {path} dosyasına kaydedildi.",
        "saved_without_rules": "Durum {path} dosyasına kaydedildi; bu dosya kuralı "
                               "belirtmez: onunla birlikte {option} verin (.json "
                               "dosyası kuralı saklar).",
        "save_usage": "Bir dosya adı verin: s DOSYA",
        "save_failed": "{path} dosyasına yazılamıyor: {reason}",
        "save_over_deal": "{path} bu oyunun okunduğu dosya ve bu kayıt onun dağılımını "
                          "kaybettirir: başka bir dosyaya kaydedin",
        "board_keeps_no_undo": "(Board dosyası geri alma geçmişini tutmaz: s DOSYA.json onu "
                               "da tutar.)",
        "picture_saved": "Oyun alanı {path} dosyasına çizildi (bir resim: play bu dosyadan "
                         "devam edemez; s DOSYA.json oyunu kaydeder).",
        "save_suffix": "s yalnızca DOSYA.json (oyun), DOSYA.svg (resim) ya da board dosyası "
                       "(DOSYA.board) olarak kaydeder, {suffix} dosyası olarak değil",
        "save_exists": "{path} zaten var: üzerine yazmak için s {path} komutunu yeniden "
                       "yazın",
        "unknown_input": "Bilinmeyen giriş {text!r}: komutlar için ? yazın",
        "layout_typed": "yazdığınız dağılım",
        "follow": "Çekme destesi kapalı: oyununuzda her kart çektiğinizde d ve çıkan kartı "
                  "yazın (d 7H) ya da sorulması için yalnızca d yazın.",
        "draw_which": "Çekilen kart (örneğin 7H ya da 10♥; Enter: çekme yok): ",
        "no_draw": "Kart çekilmedi.",
        "bad_card": "{text!r} bir kart değil: örneğin {examples} ya da qs yazın",
        "bad_card_ace": "{text!r} bir kart değil: as A ile yazılır, örneğin {card}",
        "peek_unseen": "Çekme destesi burada kapalı: göz atılacak bir şey yok.",
        "hint_values": "Her geçerli hamle: {moves}.",
        "hint_score": "İpucu: buradan hiçbir hamle kazandıramaz; puan için {move}: çekme "
                      "destesini görmeden en iyi oyun buradan ortalama {value} puan alır.",
        "hint_score_values": "Her geçerli hamlenin ortalama puanı: {moves}.",
        "hint_score_sampled": "İpucu: buradan hiçbir hamle kazandıramaz; puan için {move}: "
                              "rastgele seçilen çekme destesi sıralamalarında desteyi gören en "
                              "iyi oyun ortalama {value} puan alırdı (kesin değeri burada "
                              "hesaplamak çok ağır).",
        "hint_only_score": "İpucu: {move}, tek geçerli hamle. Buradan hiçbir hamle "
                           "kazandıramaz; çekme destesini görmeden en iyi oyun buradan ortalama "
                           "{value} puan alır.",
        "hint_score_same": "İpucu: buradan hiçbir hamle kazandıramaz; puan için her geçerli "
                           "hamle aynı derecede iyi: çekme destesini görmeden en iyi oyun "
                           "buradan ortalama {value} puan alır.",
        "leave_followed": "Bu oyun uygulamadaki oyununuzu izliyor: bırakıp yeni rastgele bir "
                          "dağılıma geçmek için n'yi tekrar yazın.",
        "debrief_best": "35 karttan {removed} tanesini kaldırdınız: çekme destesi geldiği "
                        "sırayla, bu oyunun başından hiçbir oyun daha fazlasını kaldırmaz.",
        "debrief_more": "35 karttan {removed} tanesini kaldırdınız; çekme destesi geldiği "
                        "sırayla (bu sırayı hiçbir oyuncu önceden göremez), bu oyunun başından "
                        "en iyi oyun {best} kart kaldırır.",
        "debrief_won": "35 karttan {removed} tanesini kaldırdınız; çekme destesi geldiği "
                       "sırayla (bu sırayı hiçbir oyuncu önceden göremez), bu oyun başından "
                       "kazanılabilirdi.",
        "after_end_no_undo": "n yeni bir oyun başlatır, q çıkar.",
        "draw_last_unseen": "Çekilen kart, henüz görülmemiş son kart: {card}.",
        "draw_again": "Geri almadan önceki gibi yine {card} çekildi (başka bir kartsa: u, "
                      "sonra d ve o kart).",
        "draw_answer_first": "Önce kart çekmeyle ilgili soruyu yanıtlayın: çekilen kart ya da "
                             "çekmemek için Enter.",
        "quit_unsaved_eof": "Bu oyun uygulamadaki oyununuzu izliyor ve son hamleleri "
                            "kaydedilmedi: çıkmak için Ctrl-D'ye tekrar basın ya da önce "
                            "kaydetmek için s DOSYA yazın.",
        "draw_rank_only": "Hangi {rank}? Henüz görülmemiş: {cards}.",
        "quit_unsaved": "Bu oyun uygulamadaki oyununuzu izliyor ve son hamleleri "
                        "kaydedilmedi: çıkmak için q'yu tekrar yazın ya da önce kaydetmek için "
                        "s DOSYA yazın.",
        "fix_usage": "Kartı yazdığınız gibi, ardından gerçek kartı verin: fix 8D 8H",
        "fix_same": "{card} ve {card} aynı kart: kartı yazdığınız gibi, ardından gerçek kartı "
                    "verin (fix 8D 8H)",
        "fix_unseen": "{card} henüz oyunun hiçbir yerinde yok: kartı yazdığınız gibi, ardından "
                      "gerçek kartı verin (fix 8D 8H)",
        "fix_illegal_column": "{typed} yerine {meant} olsaydı {n}. hamle (sütun {column}) "
                              "geçerli olmazdı: ondan öncesine geri alın (u), sonra kartı "
                              "düzeltin.",
        "fix_illegal_draw": "{typed} yerine {meant} olsaydı {n}. hamle (kart çekme) geçerli "
                            "olmazdı: ondan öncesine geri alın (u), sonra kartı düzeltin.",
        "fix_illegal_column_swapped": "{typed} ile {meant} yer değiştirseydi {n}. hamle (sütun "
                                      "{column}) geçerli olmazdı: ondan öncesine geri alın (u), "
                                      "sonra kartları düzeltin.",
        "fix_illegal_draw_swapped": "{typed} ile {meant} yer değiştirseydi {n}. hamle (kart "
                                    "çekme) geçerli olmazdı: ondan öncesine geri alın (u), "
                                    "sonra kartları düzeltin.",
        "fix_followed_only": "Kartlar yalnızca sizin oyununuzu izleyen bir oyunda (yazdığınız "
                             "dağılım) düzeltilir: bu dağılımın kartları kendisinindir.",
        "fixed": "{typed}, {meant} olarak düzeltildi; hamleleriniz onunla yeniden oynandı.",
        "fixed_swapped": "{typed} ile {meant} yer değiştirdi: her biri artık diğerinin "
                         "yazıldığı yerde; hamleleriniz onlarla yeniden oynandı.",
        "history_left_out": "{path} dosyasının geri alma geçmişi kayıtlı duruma varmıyor: "
                            "oyun olduğu yerden sürer, öncesinde geri alınacak hamle yoktur.",
        "card_without_draw": "{card} bir kart: bu kartı çektiyseniz d {token} yazın",
        "fix_seen": "{card} oraya yanlış yazıldıysa: fix {token} ve orada olan kart "
                    "(fix 8D 8H), sonra yeniden çekin.",
        "fix_seen_asked": "{card} oraya yanlış yazıldıysa: Enter (çekme yok), fix {token} ve "
                          "orada olan kart (fix 8D 8H), sonra yeniden çekin.",
        "unsaved_game_kept": "oyunun hiçbir kayıtta olmayan hamleleri {path} dosyasında "
                             "tutuldu: golfsolve play {path} oyunu sürdürür",
        "rules_not_named": "{path} kuralı belirtmiyor, bu yüzden {rules} kullanılıyor; başka "
                           "kural için {option} verin",
        "unsaved_game_note": "oyununuzu izleyen bir oyun {when} tarihinde hiçbir kayıtta "
                             "olmayan hamlelerle bitti; bunlar {path} dosyasında tutuldu: "
                             "golfsolve play {path} oyunu sürdürür (başka bir yere kaydetmek bu "
                             "notu kaldırır; dosyayı silmek hamleleri atar)",
    },
}

# What a hint says while it works out a game's exact values: the note on standard error and
# the status line's words (the passes of the fair value, as a player reads them)
HINT_WORK_TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "work_note": "working out the exact value of every position this game can reach "
                     "{where}",
        "work_from_start": "from its start, once",
        "work_from_here": "from here",
        "work_slow": " (seconds; minutes for some Easy deals)",
        "work_status": "exact value: {step}",
        "work_starting": "starting",
        "work_closures": "where removals lead",
        "work_reach": "the positions this deal can reach",
        "work_support": "which of them can be won",
        "work_values": "values {percent}%",
    },
    "fi": {
        "work_note": "lasketaan tarkka arvo jokaiselle tilanteelle, johon tämä peli voi edetä "
                     "{where}",
        "work_from_start": "alusta alkaen, kerran",
        "work_from_here": "tästä",
        "work_slow": " (sekunteja; joissakin Helppo-jaoissa minuutteja)",
        "work_status": "tarkka arvo: {step}",
        "work_starting": "aloitetaan",
        "work_closures": "mihin poistot johtavat",
        "work_reach": "tilanteet, joihin jako voi edetä",
        "work_support": "mitkä niistä voi voittaa",
        "work_values": "arvot {percent} %",
    },
    "id": {
        "work_note": "menghitung nilai pasti setiap posisi yang dapat dicapai permainan ini "
                     "{where}",
        "work_from_start": "dari awal, sekali",
        "work_from_here": "dari sini",
        "work_slow": " (beberapa detik; beberapa menit untuk sebagian susunan kartu dalam mode "
                     "Mudah)",
        "work_status": "nilai pasti: {step}",
        "work_starting": "memulai",
        "work_closures": "ke mana pengeluaran kartu mengarah",
        "work_reach": "posisi yang dapat dicapai susunan kartu ini",
        "work_support": "mana yang dapat dimenangkan",
        "work_values": "nilai {percent}%",
    },
    "tr": {
        "work_note": "bu oyunun varabileceği her durumun kesin değeri {where} hesaplanıyor",
        "work_from_start": "oyunun başından itibaren, bir kez",
        "work_from_here": "buradan itibaren",
        "work_slow": " (birkaç saniye; Kolay moddaki bazı dağılımlarda birkaç dakika)",
        "work_status": "kesin değer: {step}",
        "work_starting": "başlıyor",
        "work_closures": "kaldırmaların vardığı yerler",
        "work_reach": "bu dağılımın varabileceği durumlar",
        "work_support": "hangilerinin kazanılabileceği",
        "work_values": "değerler %{percent}",
    },
}
# The solution page's texts (solve --format html; golfsolve's wording, the rules pages' words).
PAGE_TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "page_help": "Outlined: the card the next move takes (the stock, for a draw). Keys: the "
                     "left and right arrows step, Home and End go to the ends; a click on a move "
                     "goes to it.",
        "page_won_already": "Won already: the tableau is cleared.",
        "page_winnable": "Winnable in {moves} moves ({removals} removals, {draws} "
                         "draws{fewest}).",
        "page_fewest": ", the fewest possible",
        "page_lost_stuck": "Cannot be won: no move is left ({removed} of 35 removed).",
        "page_lost": "Cannot be won: the best line removes {removed} of 35, then no move is "
                     "left.",
        "page_figures": "Max removed: {removed} of 35. Best score: {score}.",
        "page_traditional": " Traditional score: {left} (cards left on the tableau; 0 for a "
                            "win).",
        "page_first": "\u00ab First", "page_first_hint": "The start (Home)",
        "page_back": "\u25c0 Back", "page_back_hint": "Back a move (left arrow)",
        "page_forward": "Forward \u25b6", "page_forward_hint": "Forward a move (right arrow)",
        "page_last": "Last \u00bb", "page_last_hint": "The last move (End)",
        "page_start": "Start",
        "page_move": "Move {n} of {last}: ",
        "page_end_won": "won",
        "page_end_stuck": "no more moves",
    },
    "fi": {
        "page_help": "Kehystetty: kortti, jota seuraava siirto koskee (nostossa nostopakka). "
                     "Näppäimet: vasen ja oikea nuoli vievät askeleen taakse- ja eteenpäin, "
                     "Home ja End vievät alkuun ja loppuun; siirron napsauttaminen vie siihen.",
        "page_won_already": "Peli on jo voitettu: pöytä on tyhjä.",
        "page_winnable": "Voitettavissa {moves} siirrolla (poistoja {removals}, nostoja "
                         "{draws}{fewest}).",
        "page_fewest": ", pienin mahdollinen siirtomäärä",
        "page_lost_stuck": "Ei voitettavissa: siirtoja ei ole jäljellä ({removed}/35 "
                           "poistettu).",
        "page_lost": "Ei voitettavissa: paras siirtosarja poistaa 35 kortista {removed}, minkä "
                     "jälkeen siirtoja ei enää ole.",
        "page_figures": "Enintään poistettu: {removed}/35. Paras pistemäärä: {score}.",
        "page_traditional": " Perinteinen pistemäärä: {left} (pöytään jääneet kortit; voitosta "
                            "0).",
        "page_first": "\u00ab Alku", "page_first_hint": "Alkuun (Home)",
        "page_back": "◀ Taaksepäin", "page_back_hint": "Siirto taaksepäin (vasen nuoli)",
        "page_forward": "Eteenpäin \u25b6", "page_forward_hint": "Siirto eteenpäin (oikea nuoli)",
        "page_last": "Loppu \u00bb", "page_last_hint": "Viimeinen siirto (End)",
        "page_start": "Alku",
        "page_move": "Siirto {n}/{last}: ",
        "page_end_won": "voitettu",
        "page_end_stuck": "ei enää siirtoja",
    },
    "id": {
        "page_help": "Bergaris tepi: kartu yang dimainkan pada langkah berikutnya (tumpukan "
                     "ambil, jika langkah itu mengambil kartu). Tombol: panah kiri dan kanan "
                     "mundur dan maju satu langkah, Home dan End menuju awal dan akhir; "
                     "mengeklik sebuah langkah akan menuju ke langkah itu.",
        "page_won_already": "Sudah menang: area permainan sudah kosong.",
        "page_winnable": "Dapat dimenangkan dalam {moves} langkah ({removals} pengeluaran, "
                         "{draws} pengambilan kartu{fewest}).",
        "page_fewest": ", jumlah langkah paling sedikit",
        "page_lost_stuck": "Tidak dapat dimenangkan: tidak ada langkah tersisa ({removed} dari "
                           "35 dikeluarkan).",
        "page_lost": "Tidak dapat dimenangkan: jalan terbaik mengeluarkan {removed} dari 35 "
                     "kartu, lalu tidak ada langkah tersisa.",
        "page_figures": "Paling banyak dikeluarkan: {removed} dari 35. Skor terbaik: {score}.",
        "page_traditional": " Skor tradisional: {left} (kartu yang tersisa di area permainan; "
                            "0 jika menang).",
        "page_first": "\u00ab Awal", "page_first_hint": "Awal permainan (Home)",
        "page_back": "\u25c0 Mundur", "page_back_hint": "Mundur satu langkah (panah kiri)",
        "page_forward": "Maju \u25b6", "page_forward_hint": "Maju satu langkah (panah kanan)",
        "page_last": "Akhir \u00bb", "page_last_hint": "Langkah terakhir (End)",
        "page_start": "Awal",
        "page_move": "Langkah {n} dari {last}: ",
        "page_end_won": "menang",
        "page_end_stuck": "tidak ada langkah lagi",
    },
    "tr": {
        "page_help": "Çerçeveli: sonraki hamlede oynanacak kart (kart çekmede çekme destesi). "
                     "Tuşlar: sol ve sağ ok birer hamle geri ve ileri götürür, Home ve End başa "
                     "ve sona götürür; bir hamleye tıklamak o hamleye götürür.",
        "page_won_already": "Zaten kazanıldı: oyun alanı boş.",
        "page_winnable": "{moves} hamlede kazanılabilir ({removals} kaldırma, {draws} kart "
                         "çekme{fewest}).",
        "page_fewest": ", mümkün olan en az hamle",
        "page_lost_stuck": "Kazanılamaz: hamle kalmadı ({removed}/35 kaldırıldı).",
        "page_lost": "Kazanılamaz: en iyi yol 35 kartın {removed} tanesini kaldırır, sonra hamle "
                     "kalmaz.",
        "page_figures": "En çok kaldırılan: {removed}/35. En iyi puan: {score}.",
        "page_traditional": " Geleneksel puan: {left} (oyun alanında kalan kartlar; kazanınca "
                            "0).",
        "page_first": "« İlk", "page_first_hint": "Başlangıç (Home)",
        "page_back": "\u25c0 Geri", "page_back_hint": "Bir hamle geri (sol ok)",
        "page_forward": "İleri \u25b6", "page_forward_hint": "Bir hamle ileri (sağ ok)",
        "page_last": "Son \u00bb", "page_last_hint": "Son hamle (End)",
        "page_start": "Başlangıç",
        "page_move": "Hamle {n}/{last}: ",
        "page_end_won": "kazanıldı",
        "page_end_stuck": "hamle kalmadı",
    },
}
for _lang in TEXTS:
    TEXTS[_lang].update(PLAY_TEXTS[_lang])
    TEXTS[_lang].update(HINT_WORK_TEXTS[_lang])
    TEXTS[_lang].update(PAGE_TEXTS[_lang])


def default_language() -> str:
    """The language named by LC_ALL, LC_MESSAGES or LANG (``fi_FI.UTF-8`` -> fi), else en."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "")
        if value:
            lang = ascii_lower(value.split("_")[0].split(".")[0])
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


# how each language writes a percentage and a decimal: 94.8% in English, 94,8 % in Finnish,
# 94,8% in Indonesian, %94,8 in Turkish
_PERCENT = {"en": "{}%", "fi": "{} %", "id": "{}%", "tr": "%{}"}
_DECIMAL_COMMA = frozenset(("fi", "id", "tr"))


def number_text(number: str, lang: str) -> str:
    """A decimal written with a point (``94.8``) as ``lang`` writes it (``94,8``)."""
    return number.replace(".", ",") if lang in _DECIMAL_COMMA else number


def percent_text(number: str, lang: str) -> str:
    """A percentage (``94.8``) as ``lang`` writes it, its sign included (``%94,8``)."""
    return _PERCENT[lang].format(number_text(number, lang))


def chance_text(value: Real, lang: str) -> str:
    """A chance (0 to 1) as a player of ``lang`` reads it: to a tenth of a percent, but never
    0.0% or 100.0% for one that is not exactly 0 or 1 (< 0.1%, > 99.9%)."""
    if 0 < value < Fraction(1, 2000):
        return "<" + percent_text("0.1", lang)
    if Fraction(1999, 2000) <= value < 1:
        return ">" + percent_text("99.9", lang)
    return percent_text(f"{100 * float(value):.1f}", lang)


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
