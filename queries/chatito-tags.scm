; Chatito training-data files. `%[intent]`, `@[slot]` and `~[alias]` at the
; start of a line define a sentence generator; inside a body, `@[slot]` and
; `~[alias]` use one defined here or in an imported file. An intent is what
; the data trains, so it is the file's function; slots are the variables its
; sentences fill, aliases the fixed wordings they share.

(intent_def (intent) @name) @definition.function

(slot_def (slot) @name) @definition.variable

(alias_def (alias) @name) @definition.constant

(slot_ref (slot) @name) @reference.variable

(alias_ref (alias) @name) @reference.constant
