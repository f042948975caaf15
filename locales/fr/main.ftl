# Français (French)

## Who asks

window-title = { $server } demande
window-title-unnamed = Un serveur MCP demande
notification-open = Ouvrir le formulaire
notification-waiting = Un formulaire attend votre réponse.
asks = { $server } demande :
asks-url = { $server } vous demande d’ouvrir une page web :
asks-url-unnamed = Un serveur MCP vous demande d’ouvrir une page web :
asks-via = { $server } demande via { $via } :
asks-url-via = { $server } vous demande, via { $via }, d’ouvrir une page web :
window-title-via = { $server } demande, via { $via }
window-title-unnamed-via = Un serveur MCP demande, via { $via }
window-title-titled-via = { $title }, via { $via }
via-claimed = { $host } (selon ses dires)
via-another-machine = une autre machine
via-claimed-through = { $via }, sur { $host } (selon ses dires)
via-another-machine-through = { $via }, sur une autre machine

## Buttons

submit = Envoyer
submit-tip = Envoyer la réponse (Entrée)
decline = Refuser
decline-tip = Refuser de répondre
cancel = Annuler
cancel-tip = Fermer sans répondre (Échap)
open-in-browser = Ouvrir dans le navigateur
open-in-browser-tip = Ouvrir cette adresse dans votre navigateur web
back-to-form = Revenir au formulaire
link-consent = Un lien de ce formulaire mène au site ci-dessous. Vérifiez-le avant de l’ouvrir dans votre navigateur : le formulaire garde ce que vous avez saisi.
decline-url-tip = Refuser de l’ouvrir

## The window

closes-in = Fermeture dans { $time }
more-below = Suite plus bas : faites défiler ou appuyez sur Page suiv.
required-tip = Obligatoire
pick-date = Choisir une date
pick-date-for = Choisir une date pour { $field }
calendar-month-year = { $month ->
     [1] janvier
     [2] février
     [3] mars
     [4] avril
     [5] mai
     [6] juin
     [7] juillet
     [8] août
     [9] septembre
     [10] octobre
     [11] novembre
    *[12] décembre
} { $year }
calendar-weekday = { $day ->
     [1] lu
     [2] ma
     [3] me
     [4] je
     [5] ve
     [6] sa
    *[7] di
}
calendar-previous-year = Année précédente
calendar-previous-month = Mois précédent
calendar-next-month = Mois suivant
calendar-next-year = Année suivante
calendar-cancel = Annuler
calendar-save = Valider
pick-time = Heure
hour-for = Heure pour { $field }
minute-for = Minute pour { $field }
no-answer = Pas de réponse
filter-choose = Saisissez pour filtrer, Haut/Bas pour choisir
filter-tick = Saisissez pour filtrer, Haut/Bas pour vous déplacer, Espace pour cocher
no-option-matches = Aucune option ne correspond au filtre
chosen = Choix : { $choice }
chosen-none = Choix : aucun
chosen-count = Choix : { $count } sur { $total }
clear = Effacer
clear-tip = Pas de réponse pour ce champ (Suppr dans la zone de filtre)
fixed-value = fixe : envoyé tel quel
number-hint = nombre
whole-number-hint = nombre entier

## URL mode

site = Site :
written-as = Écrit sous la forme :
url-full-tip = L’adresse complète que « Ouvrir » chargera
url-normalised = Le serveur a écrit cette adresse autrement ; elle est affichée telle que votre navigateur la lit.
warning = Attention : { $text }
warn-not-https = Non chiffré (http et non https) : d’autres personnes sur le réseau pourraient lire ou modifier la page.
warn-international = Le nom du site contient des lettres non ASCII (punycode, xn--) : il peut imiter l’apparence du nom d’un autre site.
warn-ip = Le site est une simple adresse IP, pas un nom.
warn-credentials = Le lien contient un nom d’utilisateur avant le site (user@), ce qui peut le déguiser : le vrai site est { $host }.
nothing-loaded = Rien n’est chargé tant que vous n’appuyez pas sur « Ouvrir ».
open-failed = Impossible d’ouvrir le navigateur : { $reason }

## Time left

time-seconds = { $s } s
time-minutes = { $m } min { $s } s
time-hours = { $h } h { $m } min
time-days = { $d } j { $h } h

## What a field accepts

format-help-email = une adresse e-mail, par ex. {"\u2066"}{ $example }{"\u2069"}
format-help-uri = un URI complet, par ex. {"\u2066"}{ $example }{"\u2069"}
format-help-date-time = une date et une heure avec décalage horaire, par ex. {"\u2066"}{ $example }{"\u2069"}
format-help-uuid = un UUID, par ex. {"\u2066"}{ $example }{"\u2069"}
format-help-time = une heure avec décalage horaire, par ex. {"\u2066"}{ $example }{"\u2069"}
format-help-duration = une durée (ISO 8601), par ex. {"\u2066"}{ $example }{"\u2069"}
format-help-ipv4 = une adresse IPv4, par ex. {"\u2066"}{ $example }{"\u2069"}
format-help-ipv6 = une adresse IPv6, par ex. {"\u2066"}{ $example }{"\u2069"}
format-help-hostname = un nom d’hôte, par ex. {"\u2066"}{ $example }{"\u2069"}
format-help-date = une date, {"\u2066"}YYYY-MM-DD{"\u2069"}
whole-number = un nombre entier
exactly = exactement { $n }
range = de { $min } à { $max }
at-least = au moins { $min }
at-most = au plus { $max }
more-than = supérieur à { $n }
less-than = inférieur à { $n }
multiple-of = un multiple de { $n }
characters-exactly = exactement { $n ->
    [one] { $n } caractère
   *[other] { $n } caractères
}
characters-range = de { $min } à { $max } caractères
characters-at-least = au moins { $min ->
    [one] { $min } caractère
   *[other] { $min } caractères
}
characters-at-most = au plus { $max ->
    [one] { $max } caractère
   *[other] { $max } caractères
}
choose-exactly = choisir exactement { $n }
choose-range = choisir de { $min } à { $max }
choose-at-least = choisir au moins { $min }
choose-at-most = choisir au plus { $max }
# A field's description and what it accepts; a format and its limits; two limits of a list.
help-and-accepts = { $description } ({ $accepts })
format-and-limits = { $format } ; { $limits }
limits-list = { $first }, { $rest }
must-be-ticked = doit être coché
must-be-unticked = doit rester décoché
must-match = doit correspondre au motif { $pattern }

## Problems

required = Ce champ est obligatoire
problem-ticked = Doit être coché pour continuer
problem-unticked = Doit rester décoché
problem-choose-one = Choisissez l’une des options
problem-too-short = Au moins { $min ->
    [one] { $min } caractère
   *[other] { $min } caractères
} (actuellement { $now })
problem-too-long = Au plus { $max ->
    [one] { $max } caractère
   *[other] { $max } caractères
} (actuellement { $now })
problem-pattern = N’a pas la forme attendue (motif { $pattern })
problem-pattern-slow = Impossible de vérifier à temps avec le motif { $pattern } (trop de retours arrière)
problem-too-large = Trop grand : les nombres entiers vont de { $min } à { $max }
problem-too-near-zero = Trop proche de zéro pour être envoyé tel quel : saisissez 0 ou un nombre plus éloigné de zéro
problem-too-small = Trop petit : les nombres entiers vont de { $min } à { $max }
problem-number-too-large = Trop grand pour être envoyé : le plus grand nombre qui puisse être envoyé est { $max }
problem-number-too-small = Trop petit pour être envoyé : le plus petit nombre qui puisse être envoyé est { $min }
problem-too-precise = Trop de chiffres pour être envoyé exactement : le nombre le plus proche qui puisse être envoyé est { $n }
problem-whole-number = Saisissez un nombre entier (par ex. 42)
problem-number = Saisissez un nombre (par ex. 2.5)
problem-at-least = Doit être supérieur ou égal à { $n }
problem-at-most = Doit être inférieur ou égal à { $n }
problem-more-than = Doit être supérieur à { $n }
problem-less-than = Doit être inférieur à { $n }
problem-multiple-of = Doit être un multiple de { $n }
problem-choose-at-least = Choisissez au moins { $n ->
    [one] { $n } option
   *[other] { $n } options
}
problem-choose-at-most = Choisissez au plus { $n ->
    [one] { $n } option
   *[other] { $n } options
}
problem-not-email = Ce n’est pas une adresse e-mail (par ex. {"\u2066"}{ $example }{"\u2069"})
problem-not-uri = Ce n’est pas un URI complet (par ex. {"\u2066"}{ $example }{"\u2069"})
problem-not-date = Ce n’est pas une date (par ex. {"\u2066"}{ $example }{"\u2069"})
problem-not-date-time = Ce n’est pas une date et une heure avec décalage horaire (par ex. {"\u2066"}{ $example }{"\u2069"})
problem-not-uuid = Ce n’est pas un UUID (par ex. {"\u2066"}{ $example }{"\u2069"})
problem-not-time = Ce n’est pas une heure avec décalage horaire (par ex. {"\u2066"}{ $example }{"\u2069"})
problem-not-duration = Ce n’est pas une durée ISO 8601 (par ex. {"\u2066"}{ $example }{"\u2069"})
problem-not-ipv4 = Ce n’est pas une adresse IPv4 (par ex. {"\u2066"}{ $example }{"\u2069"})
problem-not-ipv6 = Ce n’est pas une adresse IPv6 (par ex. {"\u2066"}{ $example }{"\u2069"})
problem-not-hostname = Ce n’est pas un nom d’hôte (par ex. {"\u2066"}{ $example }{"\u2069"})
problem-internal = Erreur interne : ce champ ne peut pas être vérifié

## The terminal

term-pager-keys = Page suiv./Espace/Entrée : suite · Page préc. : retour · Échap : annuler
term-more-lines-below = { $n ->
    [one] Encore { $n } ligne plus bas
   *[other] Encore { $n } lignes plus bas
} : { $keys }
term-end-of-message = Fin du message : Entrée pour continuer · Page préc. : retour · Échap : annuler
term-answer-sent = Réponse envoyée.
term-declined = Refusé.
term-nothing-to-fill = Rien à remplir
term-fields = { $n ->
    [one] { $n } champ
   *[other] { $n } champs
}
term-required-marked = { $fields }, * indique les champs obligatoires
term-enter-keeps = Entrée conserve la valeur affichée
term-esc-cancels = Échap ou Ctrl+C annule
term-answer-within = Délai de réponse : { $time }
term-esc-cancel = { $keys } · Échap : annuler
term-review = Vérification
term-no-fields = (aucun champ)
term-review-keys-none = Entrée : envoyer · d : refuser · c : annuler
term-review-keys-one = Entrée : envoyer · 1 : modifier le champ · d : refuser · c : annuler
term-review-keys-many = Entrée : envoyer · 1-{ $n } : modifier un champ · d : refuser · c : annuler
term-review-help-none = Appuyez sur Entrée pour envoyer, ou tapez d pour refuser ou c pour annuler
term-review-help-many = Tapez un numéro de champ de 1 à { $n }, ou d pour refuser, c pour annuler ; Entrée seule envoie
term-time-left = il reste { $time }
term-keys-date = Entrée : suivant · Haut/Bas : un jour plus tard/plus tôt
term-keys-text = Entrée : suivant · Alt+Entrée ou Ctrl+J : nouvelle ligne
term-keys-next = Entrée : suivant
term-keys-boolean = y/n : oui/non · Espace : basculer · Entrée : suivant
term-keys-choice = Haut/Bas ou un numéro : se déplacer · Entrée : choisir
term-keys-multi = Espace/numéro : cocher · Haut/Bas : se déplacer · Entrée : suivant
term-yes = Oui
term-no = Non
term-no-answer-yet = (pas encore de réponse)
term-no-answer-row = pas de réponse
term-fixed = (fixe : envoyé tel quel)
term-more-above = ({ $n } de plus au-dessus)
term-more-below = ({ $n } de plus en dessous)
term-lines-above = { $n ->
    [one] (encore 1 ligne au-dessus)
   *[other] (encore { $n } lignes au-dessus)
}
term-lines-below = { $n ->
    [one] (encore 1 ligne en dessous)
   *[other] (encore { $n } lignes en dessous)
}
term-line-cancels = Ctrl+C ou Ctrl+D annule
term-line-type-value = Tapez la valeur et appuyez sur Entrée.
term-line-type-option = Tapez le numéro de l'option et appuyez sur Entrée.
term-line-type-options = Tapez les numéros des options à cocher, séparés par des espaces (0 pour aucune), et appuyez sur Entrée.
term-line-type-yes-no = Tapez y pour oui ou n pour non et appuyez sur Entrée.
term-line-now = Actuellement : { $text }. Entrée seule la conserve.
term-no-answer = (pas de réponse)
term-empty = (vide)
term-none = (aucun)
term-cancelled = Annulé.
term-cancelled-eof = Fin de l’entrée : annulé.
term-cancelled-timeout = Temps écoulé : annulé.
term-cancelled-signal = Arrêté par un signal : annulé.
term-cancelled-lost = Le terminal a disparu : annulé.

## Signing in

sign-in-consent = Se connecter à { $host } pour { $server }
sign-in-done = Vous êtes connecté. Vous pouvez fermer cette page et revenir à votre client MCP.
# The name of the keyring item (GNOME Keyring, KWallet) that keeps a sign-in.
token-store-label = form-elicitation : connexion MCP pour { $server }

## A run of forms (proxy)

queue-place = Formulaire { $n } sur { $total } de { $server }
queue-place-unnamed = Formulaire { $n } sur { $total }
queue-decline-all = { $count ->
    [one] Refuser le formulaire en attente
   *[other] Refuser les { $count } en attente
}
queue-decline-all-tip = Répondre « refuser » à ce formulaire et à tous ceux qui attendent derrière lui
queue-confirm-question = { $count ->
    [one] Refuser ce formulaire ?
   *[other] Refuser les { $count } formulaires, celui-ci compris ?
}
queue-confirm = Oui, tout refuser
queue-keep = Non, revenir
term-queue-keys = { $count ->
    [one] a : refuser le formulaire en attente
   *[other] a : refuser les { $count } en attente
}
term-queue-confirm = { $count ->
    [one] Refuser ce formulaire ? y : oui · toute autre touche : non
   *[other] Refuser les { $count } formulaires, celui-ci compris ? y : oui · toute autre touche : non
}
term-declined-all = { $count ->
    [one] 1 formulaire refusé.
   *[other] { $count } formulaires refusés.
}

## Claude's questions (Claude Code's AskUserQuestion, through its PreToolUse hook)

question-other = Autre
question-other-tip = Votre propre réponse, à la place d'un des choix ci-dessus
question-other-tip-many = Votre propre réponse, en plus des choix ci-dessus
draft-restored = Rempli avec ce que vous avez saisi le { $time }, quand le client a cessé d’attendre. Vérifiez-le, puis envoyez-le.
client-stopped-waiting = Le client ou le serveur a cessé d’attendre cette réponse : elle ne peut plus être envoyée. « Garder comme brouillon » conserve ce que vous avez saisi pour la prochaine fois que ce formulaire sera demandé.
keep-draft = Garder comme brouillon
keep-draft-tip = Conserver ce que vous avez saisi pour la prochaine fois que ce serveur demandera ce formulaire (Entrée) ; rien n’est envoyé
