# Español (Spanish)

## Who asks

window-title = { $server } pregunta
window-title-unnamed = Un servidor MCP pregunta
notification-open = Abrir el formulario
notification-waiting = Un formulario espera su respuesta.
asks = { $server } pregunta:
asks-url = { $server } le pide que abra una página web:
asks-url-unnamed = Un servidor MCP le pide que abra una página web:
asks-via = { $server } pregunta a través de { $via }:
asks-url-via = { $server } le pide a través de { $via } que abra una página web:
window-title-via = { $server } pregunta a través de { $via }
window-title-unnamed-via = Un servidor MCP pregunta a través de { $via }
window-title-titled-via = { $title }, a través de { $via }
via-claimed = { $host } (según dice)
via-another-machine = otra máquina
via-claimed-through = { $via }, en { $host } (según dice)
via-another-machine-through = { $via }, en otra máquina

## Buttons

submit = Enviar
submit-tip = Enviar la respuesta (Intro)
decline = Rechazar
decline-tip = Negarse a responder
cancel = Cancelar
cancel-tip = Cerrar sin responder (Esc)
open-in-browser = Abrir en el navegador
open-in-browser-tip = Abrir esta dirección en su navegador web
back-to-form = Volver al formulario
link-consent = Un enlace de este formulario lleva al sitio de abajo. Compruébelo antes de abrirlo en el navegador: el formulario conserva lo que ha escrito.
decline-url-tip = Negarse a abrirla

## The window

closes-in = Se cierra en { $time }
more-below = Hay más abajo: desplácese o pulse AvPág
required-tip = Obligatorio
pick-date = Elegir fecha
pick-date-for = Elegir fecha para { $field }
calendar-month-year = { $month ->
     [1] enero
     [2] febrero
     [3] marzo
     [4] abril
     [5] mayo
     [6] junio
     [7] julio
     [8] agosto
     [9] septiembre
     [10] octubre
     [11] noviembre
    *[12] diciembre
} de { $year }
calendar-weekday = { $day ->
     [1] lu
     [2] ma
     [3] mi
     [4] ju
     [5] vi
     [6] sá
    *[7] do
}
calendar-previous-year = Año anterior
calendar-previous-month = Mes anterior
calendar-next-month = Mes siguiente
calendar-next-year = Año siguiente
calendar-cancel = Cancelar
calendar-save = Aceptar
pick-time = Hora
hour-for = Hora para { $field }
minute-for = Minuto para { $field }
no-answer = Sin respuesta
filter-choose = Escriba para filtrar, Arriba/Abajo para elegir
filter-tick = Escriba para filtrar, Arriba/Abajo para moverse, Espacio para marcar
no-option-matches = Ninguna opción coincide con el filtro
chosen = Elegido: { $choice }
chosen-none = Elegido: ninguno
chosen-count = Elegidos: { $count } de { $total }
clear = Borrar
clear-tip = Sin respuesta para este campo (Supr en el cuadro de filtro)
fixed-value = fijo: se envía tal cual
number-hint = número
whole-number-hint = número entero

## URL mode

site = Sitio:
written-as = Escrito como:
url-full-tip = La dirección completa que cargará «Abrir»
url-normalised = El servidor escribió esta dirección de otra forma; se muestra tal como la lee su navegador.
warning = Advertencia: { $text }
warn-not-https = Sin cifrar (http, no https): otras personas en la red podrían leer o modificar la página.
warn-international = El nombre del sitio tiene letras no ASCII (punycode, xn--): puede imitar el aspecto del nombre de otro sitio.
warn-ip = El sitio es solo una dirección IP, no un nombre.
warn-credentials = El enlace lleva un nombre de usuario antes del sitio (user@), lo que puede disfrazarlo: el sitio real es { $host }.
nothing-loaded = No se carga nada hasta que pulse «Abrir».
open-failed = No se pudo abrir el navegador: { $reason }

## Time left

time-seconds = { $s } s
time-minutes = { $m } min { $s } s
time-hours = { $h } h { $m } min
time-days = { $d } d { $h } h

## What a field accepts

format-help-email = una dirección de correo electrónico, por ejemplo {"\u2066"}{ $example }{"\u2069"}
format-help-uri = un URI completo, por ejemplo {"\u2066"}{ $example }{"\u2069"}
format-help-date-time = una fecha y hora con desfase horario, por ejemplo {"\u2066"}{ $example }{"\u2069"}
format-help-uuid = un UUID, por ejemplo {"\u2066"}{ $example }{"\u2069"}
format-help-time = una hora con desfase horario, por ejemplo {"\u2066"}{ $example }{"\u2069"}
format-help-duration = una duración (ISO 8601), por ejemplo {"\u2066"}{ $example }{"\u2069"}
format-help-ipv4 = una dirección IPv4, por ejemplo {"\u2066"}{ $example }{"\u2069"}
format-help-ipv6 = una dirección IPv6, por ejemplo {"\u2066"}{ $example }{"\u2069"}
format-help-hostname = un nombre de equipo, por ejemplo {"\u2066"}{ $example }{"\u2069"}
format-help-date = una fecha, {"\u2066"}YYYY-MM-DD{"\u2069"}
whole-number = un número entero
exactly = exactamente { $n }
range = de { $min } a { $max }
at-least = al menos { $min }
at-most = como máximo { $max }
more-than = mayor que { $n }
less-than = menor que { $n }
multiple-of = un múltiplo de { $n }
characters-exactly = exactamente { $n ->
    [one] { $n } carácter
   *[other] { $n } caracteres
}
characters-range = de { $min } a { $max } caracteres
characters-at-least = al menos { $min ->
    [one] { $min } carácter
   *[other] { $min } caracteres
}
characters-at-most = como máximo { $max ->
    [one] { $max } carácter
   *[other] { $max } caracteres
}
choose-exactly = elegir exactamente { $n }
choose-range = elegir de { $min } a { $max }
choose-at-least = elegir al menos { $min }
choose-at-most = elegir como máximo { $max }
# A field's description and what it accepts; a format and its limits; two limits of a list.
help-and-accepts = { $description } ({ $accepts })
format-and-limits = { $format }; { $limits }
limits-list = { $first }, { $rest }
must-be-ticked = debe marcarse
must-be-unticked = debe dejarse sin marcar
must-match = debe coincidir con el patrón { $pattern }

## Problems

required = Este campo es obligatorio
problem-ticked = Debe marcarse para continuar
problem-unticked = Debe dejarse sin marcar
problem-choose-one = Elija una de las opciones
problem-too-short = Al menos { $min ->
    [one] { $min } carácter
   *[other] { $min } caracteres
} (ahora { $now })
problem-too-long = Como máximo { $max ->
    [one] { $max } carácter
   *[other] { $max } caracteres
} (ahora { $now })
problem-pattern = No tiene la forma esperada (patrón { $pattern })
problem-pattern-slow = No se puede comprobar a tiempo con el patrón { $pattern } (retrocede demasiado)
problem-too-large = Demasiado grande: los números enteros van de { $min } a { $max }
problem-too-near-zero = Demasiado cerca de cero para enviarlo tal como está: introduzca 0 o un número más lejos de cero
problem-too-small = Demasiado pequeño: los números enteros van de { $min } a { $max }
problem-number-too-large = Demasiado grande para enviarlo: el mayor número que se puede enviar es { $max }
problem-number-too-small = Demasiado pequeño para enviarlo: el menor número que se puede enviar es { $min }
problem-too-precise = Demasiados dígitos para enviarlo con exactitud: el número más cercano que se puede enviar es { $n }
problem-whole-number = Introduzca un número entero (p. ej., 42)
problem-number = Introduzca un número (p. ej., 2.5)
problem-at-least = Debe ser al menos { $n }
problem-at-most = Debe ser como máximo { $n }
problem-more-than = Debe ser mayor que { $n }
problem-less-than = Debe ser menor que { $n }
problem-multiple-of = Debe ser múltiplo de { $n }
problem-choose-at-least = Elija al menos { $n ->
    [one] { $n } opción
   *[other] { $n } opciones
}
problem-choose-at-most = Elija como máximo { $n ->
    [one] { $n } opción
   *[other] { $n } opciones
}
problem-not-email = No es una dirección de correo electrónico (por ejemplo, {"\u2066"}{ $example }{"\u2069"})
problem-not-uri = No es un URI completo (por ejemplo, {"\u2066"}{ $example }{"\u2069"})
problem-not-date = No es una fecha (por ejemplo, {"\u2066"}{ $example }{"\u2069"})
problem-not-date-time = No es una fecha y hora con desfase horario (por ejemplo, {"\u2066"}{ $example }{"\u2069"})
problem-not-uuid = No es un UUID (por ejemplo, {"\u2066"}{ $example }{"\u2069"})
problem-not-time = No es una hora con desfase horario (por ejemplo, {"\u2066"}{ $example }{"\u2069"})
problem-not-duration = No es una duración ISO 8601 (por ejemplo, {"\u2066"}{ $example }{"\u2069"})
problem-not-ipv4 = No es una dirección IPv4 (por ejemplo, {"\u2066"}{ $example }{"\u2069"})
problem-not-ipv6 = No es una dirección IPv6 (por ejemplo, {"\u2066"}{ $example }{"\u2069"})
problem-not-hostname = No es un nombre de equipo (por ejemplo, {"\u2066"}{ $example }{"\u2069"})
problem-internal = Error interno: no se puede comprobar este campo

## The terminal

term-pager-keys = AvPág/Espacio/Intro: más · RePág: atrás · Esc: cancelar
term-more-lines-below = { $n ->
    [one] { $n } línea más abajo
   *[other] { $n } líneas más abajo
}: { $keys }
term-end-of-message = Fin del mensaje: Intro para continuar · RePág: atrás · Esc: cancelar
term-answer-sent = Respuesta enviada.
term-declined = Rechazado.
term-nothing-to-fill = Nada que rellenar
term-fields = { $n ->
    [one] { $n } campo
   *[other] { $n } campos
}
term-required-marked = { $fields }, * marca los obligatorios
term-enter-keeps = Intro mantiene lo que se muestra
term-esc-cancels = Esc o Ctrl+C cancela
term-answer-within = Tiene { $time } para responder
term-esc-cancel = { $keys } · Esc: cancelar
term-review = Revisión
term-no-fields = (sin campos)
term-review-keys-none = Intro: enviar · d: rechazar · c: cancelar
term-review-keys-one = Intro: enviar · 1: cambiar el campo · d: rechazar · c: cancelar
term-review-keys-many = Intro: enviar · 1-{ $n }: cambiar un campo · d: rechazar · c: cancelar
term-review-help-none = Pulse Intro para enviar, o escriba d para rechazar o c para cancelar
term-review-help-many = Escriba un número de campo del 1 al { $n }, o d para rechazar, c para cancelar; Intro sin más envía
term-time-left = quedan { $time }
term-keys-date = Intro: siguiente · Arriba/Abajo: un día después/antes
term-keys-text = Intro: siguiente · Alt+Intro o Ctrl+J: nueva línea
term-keys-next = Intro: siguiente
term-keys-boolean = y/n: sí/no · Espacio: alternar · Intro: siguiente
term-keys-choice = Arriba/Abajo o un número: moverse · Intro: elegir
term-keys-multi = Espacio/número: marcar · Arriba/Abajo: moverse · Intro: siguiente
term-yes = Sí
term-no = No
term-no-answer-yet = (aún sin respuesta)
term-no-answer-row = sin respuesta
term-fixed = (fijo: se envía tal cual)
term-more-above = ({ $n } más arriba)
term-more-below = ({ $n } más abajo)
term-lines-above = { $n ->
    [one] (1 línea más arriba)
   *[other] ({ $n } líneas más arriba)
}
term-lines-below = { $n ->
    [one] (1 línea más abajo)
   *[other] ({ $n } líneas más abajo)
}
term-line-cancels = Ctrl+C o Ctrl+D cancela
term-line-type-value = Escriba el valor y pulse Intro.
term-line-type-option = Escriba el número de la opción y pulse Intro.
term-line-type-options = Escriba los números de las opciones que quiere marcar, separados por espacios (0 para ninguna), y pulse Intro.
term-line-type-yes-no = Escriba y para sí o n para no y pulse Intro.
term-line-now = Ahora: { $text }. Intro solo lo mantiene.
term-no-answer = (sin respuesta)
term-empty = (vacío)
term-none = (ninguno)
term-cancelled = Cancelado.
term-cancelled-eof = Fin de la entrada: cancelado.
term-cancelled-timeout = Se acabó el tiempo: cancelado.
term-cancelled-signal = Detenido por una señal: cancelado.
term-cancelled-lost = Se perdió el terminal: cancelado.

## Signing in

sign-in-consent = Iniciar sesión en { $host } para { $server }
sign-in-done = Ha iniciado sesión. Puede cerrar esta página y volver a su cliente MCP.
# The name of the keyring item (GNOME Keyring, KWallet) that keeps a sign-in.
token-store-label = form-elicitation: inicio de sesión MCP para { $server }

## A run of forms (proxy)

queue-place = Formulario { $n } de { $total } de { $server }
queue-place-unnamed = Formulario { $n } de { $total }
queue-decline-all = { $count ->
    [one] Rechazar el 1 en espera
   *[other] Rechazar los { $count } en espera
}
queue-decline-all-tip = Responder «rechazar» a este formulario y a todos los que esperan detrás
queue-confirm-question = { $count ->
    [one] ¿Rechazar este formulario?
   *[other] ¿Rechazar los { $count } formularios, este incluido?
}
queue-confirm = Sí, rechazarlos todos
queue-keep = No, volver
term-queue-keys = { $count ->
    [one] a: rechazar el 1 en espera
   *[other] a: rechazar los { $count } en espera
}
term-queue-confirm = { $count ->
    [one] ¿Rechazar este formulario? y: sí · cualquier otra tecla: no
   *[other] ¿Rechazar los { $count } formularios, este incluido? y: sí · cualquier otra tecla: no
}
term-declined-all = { $count ->
    [one] 1 formulario rechazado.
   *[other] { $count } formularios rechazados.
}

## Claude's questions (Claude Code's AskUserQuestion, through its PreToolUse hook)

question-other = Otra
question-other-tip = Su propia respuesta, en lugar de una de las opciones de arriba
question-other-tip-many = Su propia respuesta, además de las opciones elegidas arriba
draft-restored = Rellenado con lo que escribió el { $time }, cuando el cliente dejó de esperar. Revíselo y envíelo.
client-stopped-waiting = El cliente o el servidor dejó de esperar esta respuesta, así que ya no se puede enviar. «Guardar como borrador» conserva lo que escribió para la próxima vez que se pida este formulario.
keep-draft = Guardar como borrador
keep-draft-tip = Conservar lo que escribió para la próxima vez que este servidor pida este formulario (Intro); no se envía nada
