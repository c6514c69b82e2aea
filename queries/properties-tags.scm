; Java properties: each key is a definition; `${key}` substitutions are
; references to it.

(property
  (key) @name) @definition.constant

(substitution
  (key) @name) @reference.constant
