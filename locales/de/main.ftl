# Deutsch (German)

## Who asks

window-title = { $server } fragt
window-title-unnamed = Ein MCP-Server fragt
notification-open = Formular öffnen
notification-waiting = Ein Formular wartet auf Ihre Antwort.
asks = { $server } fragt:
asks-url = { $server } bittet Sie, eine Webseite zu öffnen:
asks-url-unnamed = Ein MCP-Server bittet Sie, eine Webseite zu öffnen:
asks-via = { $server } fragt über { $via }:
asks-url-via = { $server } bittet Sie über { $via }, eine Webseite zu öffnen:
window-title-via = { $server } fragt über { $via }
window-title-unnamed-via = Ein MCP-Server fragt über { $via }
window-title-titled-via = { $title }, über { $via }
via-claimed = { $host } (nach eigener Angabe)
via-another-machine = einen anderen Rechner
via-claimed-through = { $via } auf { $host } (nach eigener Angabe)
via-another-machine-through = { $via } auf einem anderen Rechner

## Buttons

submit = Absenden
submit-tip = Antwort senden (Eingabe)
decline = Ablehnen
decline-tip = Antwort verweigern
cancel = Abbrechen
cancel-tip = Schließen, ohne zu antworten (Esc)
open-in-browser = Im Browser öffnen
open-in-browser-tip = Diese Adresse im Webbrowser öffnen
back-to-form = Zurück zum Formular
link-consent = Ein Link in diesem Formular führt zur unten genannten Website. Prüfen Sie sie, bevor Sie sie im Browser öffnen: Das Formular behält, was Sie eingegeben haben.
decline-url-tip = Nicht öffnen

## The window

closes-in = Schließt in { $time }
more-below = Weiter unten geht es weiter: scrollen oder Bild↓ drücken
required-tip = Erforderlich
pick-date = Datum wählen
pick-date-for = Datum für { $field } wählen
calendar-month-year = { $month ->
     [1] Januar
     [2] Februar
     [3] März
     [4] April
     [5] Mai
     [6] Juni
     [7] Juli
     [8] August
     [9] September
     [10] Oktober
     [11] November
    *[12] Dezember
} { $year }
calendar-weekday = { $day ->
     [1] Mo
     [2] Di
     [3] Mi
     [4] Do
     [5] Fr
     [6] Sa
    *[7] So
}
calendar-previous-year = Vorheriges Jahr
calendar-previous-month = Vorheriger Monat
calendar-next-month = Nächster Monat
calendar-next-year = Nächstes Jahr
calendar-cancel = Abbrechen
calendar-save = Übernehmen
pick-time = Uhrzeit
hour-for = Stunde für { $field }
minute-for = Minute für { $field }
no-answer = Keine Antwort
filter-choose = Tippen zum Filtern, Auf/Ab zum Auswählen
filter-tick = Tippen zum Filtern, Auf/Ab zum Bewegen, Leertaste zum Ankreuzen
no-option-matches = Keine Option passt zum Filter
chosen = Gewählt: { $choice }
chosen-none = Gewählt: keine
chosen-count = Gewählt: { $count } von { $total }
clear = Leeren
clear-tip = Keine Antwort für dieses Feld (Entf im Filterfeld)
fixed-value = fest: wird unverändert gesendet
number-hint = Zahl
whole-number-hint = ganze Zahl

## URL mode

site = Website:
written-as = Geschrieben als:
url-full-tip = Die vollständige Adresse, die „Öffnen“ lädt
url-normalised = Der Server hat diese Adresse anders geschrieben; sie wird so angezeigt, wie Ihr Browser sie liest.
warning = Warnung: { $text }
warn-not-https = Nicht verschlüsselt (http statt https): Andere im Netzwerk könnten die Seite mitlesen oder verändern.
warn-international = Der Name der Website enthält Nicht-ASCII-Zeichen (punycode, xn--): Er könnte das Aussehen des Namens einer anderen Website nachahmen.
warn-ip = Die Website ist eine bloße IP-Adresse, kein Name.
warn-credentials = Der Link enthält vor der Website einen Benutzernamen (user@), der sie tarnen kann: Die echte Website ist { $host }.
nothing-loaded = Es wird nichts geladen, bevor Sie auf „Öffnen“ klicken.
open-failed = Der Browser konnte nicht geöffnet werden: { $reason }

## Time left

time-seconds = { $s } s
time-minutes = { $m } Min. { $s } s
time-hours = { $h } Std. { $m } Min.
time-days = { $d } Tg. { $h } Std.

## What a field accepts

format-help-email = eine E-Mail-Adresse, z. B. {"\u2066"}{ $example }{"\u2069"}
format-help-uri = ein vollständiger URI, z. B. {"\u2066"}{ $example }{"\u2069"}
format-help-date-time = ein Datum mit Uhrzeit und Zeitzonenversatz, z. B. {"\u2066"}{ $example }{"\u2069"}
format-help-uuid = eine UUID, z. B. {"\u2066"}{ $example }{"\u2069"}
format-help-time = eine Uhrzeit mit Zeitzonenversatz, z. B. {"\u2066"}{ $example }{"\u2069"}
format-help-duration = eine Dauer (ISO 8601), z. B. {"\u2066"}{ $example }{"\u2069"}
format-help-ipv4 = eine IPv4-Adresse, z. B. {"\u2066"}{ $example }{"\u2069"}
format-help-ipv6 = eine IPv6-Adresse, z. B. {"\u2066"}{ $example }{"\u2069"}
format-help-hostname = ein Rechnername, z. B. {"\u2066"}{ $example }{"\u2069"}
format-help-date = ein Datum, {"\u2066"}YYYY-MM-DD{"\u2069"}
whole-number = eine ganze Zahl
exactly = genau { $n }
range = { $min } bis { $max }
at-least = mindestens { $min }
at-most = höchstens { $max }
more-than = größer als { $n }
less-than = kleiner als { $n }
multiple-of = ein Vielfaches von { $n }
characters-exactly = genau { $n ->
    [one] { $n } Zeichen
   *[other] { $n } Zeichen
}
characters-range = { $min } bis { $max } Zeichen
characters-at-least = mindestens { $min ->
    [one] { $min } Zeichen
   *[other] { $min } Zeichen
}
characters-at-most = höchstens { $max ->
    [one] { $max } Zeichen
   *[other] { $max } Zeichen
}
choose-exactly = genau { $n } auswählen
choose-range = { $min } bis { $max } auswählen
choose-at-least = mindestens { $min } auswählen
choose-at-most = höchstens { $max } auswählen
# A field's description and what it accepts; a format and its limits; two limits of a list.
help-and-accepts = { $description } ({ $accepts })
format-and-limits = { $format }; { $limits }
limits-list = { $first }, { $rest }
must-be-ticked = muss angekreuzt sein
must-be-unticked = darf nicht angekreuzt sein
must-match = muss zum Muster { $pattern } passen

## Problems

required = Dieses Feld ist erforderlich
problem-ticked = Muss zum Fortfahren angekreuzt sein
problem-unticked = Darf nicht angekreuzt sein
problem-choose-one = Wählen Sie eine der Optionen
problem-too-short = Mindestens { $min ->
    [one] { $min } Zeichen
   *[other] { $min } Zeichen
} (derzeit { $now })
problem-too-long = Höchstens { $max ->
    [one] { $max } Zeichen
   *[other] { $max } Zeichen
} (derzeit { $now })
problem-pattern = Hat nicht die erwartete Form (Muster { $pattern })
problem-pattern-slow = Kann nicht rechtzeitig gegen das Muster { $pattern } geprüft werden (zu viel Backtracking)
problem-too-large = Zu groß: Ganze Zahlen reichen von { $min } bis { $max }
problem-too-near-zero = Zu nah an null, um so gesendet zu werden: Geben Sie 0 oder eine Zahl weiter weg von null ein
problem-too-small = Zu klein: Ganze Zahlen reichen von { $min } bis { $max }
problem-number-too-large = Zu groß zum Senden: Die größte Zahl, die gesendet werden kann, ist { $max }
problem-number-too-small = Zu klein zum Senden: Die kleinste Zahl, die gesendet werden kann, ist { $min }
problem-too-precise = Zu viele Stellen, um genau gesendet zu werden: Die nächste Zahl, die gesendet werden kann, ist { $n }
problem-whole-number = Geben Sie eine ganze Zahl ein (z. B. 42)
problem-number = Geben Sie eine Zahl ein (z. B. 2.5)
problem-at-least = Muss mindestens { $n } sein
problem-at-most = Darf höchstens { $n } sein
problem-more-than = Muss größer als { $n } sein
problem-less-than = Muss kleiner als { $n } sein
problem-multiple-of = Muss ein Vielfaches von { $n } sein
problem-choose-at-least = Wählen Sie mindestens { $n ->
    [one] { $n } Option
   *[other] { $n } Optionen
}
problem-choose-at-most = Wählen Sie höchstens { $n ->
    [one] { $n } Option
   *[other] { $n } Optionen
}
problem-not-email = Keine E-Mail-Adresse (z. B. {"\u2066"}{ $example }{"\u2069"})
problem-not-uri = Kein vollständiger URI (z. B. {"\u2066"}{ $example }{"\u2069"})
problem-not-date = Kein Datum (z. B. {"\u2066"}{ $example }{"\u2069"})
problem-not-date-time = Kein Datum mit Uhrzeit und Zeitzonenversatz (z. B. {"\u2066"}{ $example }{"\u2069"})
problem-not-uuid = Keine UUID (z. B. {"\u2066"}{ $example }{"\u2069"})
problem-not-time = Keine Uhrzeit mit Zeitzonenversatz (z. B. {"\u2066"}{ $example }{"\u2069"})
problem-not-duration = Keine Dauer nach ISO 8601 (z. B. {"\u2066"}{ $example }{"\u2069"})
problem-not-ipv4 = Keine IPv4-Adresse (z. B. {"\u2066"}{ $example }{"\u2069"})
problem-not-ipv6 = Keine IPv6-Adresse (z. B. {"\u2066"}{ $example }{"\u2069"})
problem-not-hostname = Kein Rechnername (z. B. {"\u2066"}{ $example }{"\u2069"})
problem-internal = Interner Fehler: Dieses Feld kann nicht geprüft werden

## The terminal

term-pager-keys = Bild↓/Leertaste/Eingabe: weiter · Bild↑: zurück · Esc: abbrechen
term-more-lines-below = { $n ->
    [one] { $n } weitere Zeile unten
   *[other] { $n } weitere Zeilen unten
}: { $keys }
term-end-of-message = Ende der Nachricht: Eingabe zum Fortfahren · Bild↑: zurück · Esc: abbrechen
term-answer-sent = Antwort gesendet.
term-declined = Abgelehnt.
term-nothing-to-fill = Nichts auszufüllen
term-fields = { $n ->
    [one] { $n } Feld
   *[other] { $n } Felder
}
term-required-marked = { $fields }, * kennzeichnet Pflichtfelder
term-enter-keeps = Eingabe behält den angezeigten Wert
term-esc-cancels = Esc oder Strg+C bricht ab
term-answer-within = Bitte innerhalb von { $time } antworten
term-esc-cancel = { $keys } · Esc: abbrechen
term-review = Überprüfen
term-no-fields = (keine Felder)
term-review-keys-none = Eingabe: absenden · d: ablehnen · c: abbrechen
term-review-keys-one = Eingabe: absenden · 1: Feld ändern · d: ablehnen · c: abbrechen
term-review-keys-many = Eingabe: absenden · 1-{ $n }: Feld ändern · d: ablehnen · c: abbrechen
term-review-help-none = Eingabe drücken zum Absenden, oder d zum Ablehnen bzw. c zum Abbrechen eintippen
term-review-help-many = Feldnummer von 1 bis { $n } eintippen, oder d zum Ablehnen, c zum Abbrechen; Eingabe allein sendet ab
term-time-left = noch { $time }
term-keys-date = Eingabe: weiter · Auf/Ab: einen Tag später/früher
term-keys-text = Eingabe: weiter · Alt+Eingabe oder Strg+J: neue Zeile
term-keys-next = Eingabe: weiter
term-keys-boolean = y/n: ja/nein · Leertaste: umschalten · Eingabe: weiter
term-keys-choice = Auf/Ab oder Zahl: bewegen · Eingabe: wählen
term-keys-multi = Leertaste/Zahl: ankreuzen · Auf/Ab: bewegen · Eingabe: weiter
term-yes = Ja
term-no = Nein
term-no-answer-yet = (noch keine Antwort)
term-no-answer-row = keine Antwort
term-fixed = (fest: wird unverändert gesendet)
term-more-above = ({ $n } weitere oben)
term-more-below = ({ $n } weitere unten)
term-lines-above = { $n ->
    [one] (1 weitere Zeile oben)
   *[other] ({ $n } weitere Zeilen oben)
}
term-lines-below = { $n ->
    [one] (1 weitere Zeile unten)
   *[other] ({ $n } weitere Zeilen unten)
}
term-line-cancels = Strg+C oder Strg+D bricht ab
term-line-type-value = Geben Sie den Wert ein und drücken Sie die Eingabetaste.
term-line-type-option = Geben Sie die Nummer der Option ein und drücken Sie die Eingabetaste.
term-line-type-options = Geben Sie die Nummern der anzukreuzenden Optionen durch Leerzeichen getrennt ein (0 für keine) und drücken Sie die Eingabetaste.
term-line-type-yes-no = Geben Sie y für Ja oder n für Nein ein und drücken Sie die Eingabetaste.
term-line-now = Jetzt: { $text }. Die Eingabetaste allein behält den Wert.
term-no-answer = (keine Antwort)
term-empty = (leer)
term-none = (keine)
term-cancelled = Abgebrochen.
term-cancelled-eof = Ende der Eingabe: abgebrochen.
term-cancelled-timeout = Zeit abgelaufen: abgebrochen.
term-cancelled-signal = Durch ein Signal beendet: abgebrochen.
term-cancelled-lost = Verbindung zum Terminal verloren: abgebrochen.

## Signing in

sign-in-consent = Bei { $host } für { $server } anmelden
sign-in-done = Sie sind angemeldet. Sie können diese Seite schließen und zu Ihrem MCP-Client zurückkehren.
# The name of the keyring item (GNOME Keyring, KWallet) that keeps a sign-in.
token-store-label = form-elicitation: MCP-Anmeldung für { $server }

## A run of forms (proxy)

queue-place = Formular { $n } von { $total } von { $server }
queue-place-unnamed = Formular { $n } von { $total }
queue-decline-all = { $count ->
    [one] Das 1 wartende ablehnen
   *[other] Alle { $count } wartenden ablehnen
}
queue-decline-all-tip = Dieses Formular und jedes dahinter wartende mit „ablehnen“ beantworten
queue-confirm-question = { $count ->
    [one] Dieses Formular ablehnen?
   *[other] Alle { $count } Formulare ablehnen, dieses eingeschlossen?
}
queue-confirm = Ja, alle ablehnen
queue-keep = Nein, zurück
term-queue-keys = { $count ->
    [one] a: das 1 wartende ablehnen
   *[other] a: alle { $count } wartenden ablehnen
}
term-queue-confirm = { $count ->
    [one] Dieses Formular ablehnen? y: ja · jede andere Taste: nein
   *[other] Alle { $count } Formulare ablehnen, dieses eingeschlossen? y: ja · jede andere Taste: nein
}
term-declined-all = { $count ->
    [one] 1 Formular abgelehnt.
   *[other] Alle { $count } Formulare abgelehnt.
}

## Claude's questions (Claude Code's AskUserQuestion, through its PreToolUse hook)

question-other = Andere Antwort
question-other-tip = Ihre eigene Antwort statt einer der Optionen oben
question-other-tip-many = Ihre eigene Antwort zusätzlich zu den Optionen oben
draft-restored = Ausgefüllt mit dem, was Sie am { $time } eingegeben haben, als der Client nicht mehr wartete. Prüfen Sie es, dann senden Sie es.
client-stopped-waiting = Der Client oder der Server wartet nicht mehr auf diese Antwort, sie kann nicht mehr gesendet werden. „Als Entwurf behalten“ bewahrt Ihre Eingaben für das nächste Mal, wenn dieses Formular gestellt wird.
keep-draft = Als Entwurf behalten
keep-draft-tip = Ihre Eingaben für das nächste Mal behalten, wenn dieser Server dieses Formular stellt (Eingabe); es wird nichts gesendet
