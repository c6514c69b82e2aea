; Elixir: modules and protocols, def-family macros (with or without arguments,
; with guards); calls, pipes and module aliases as references.

(call
  target: (identifier) @_keyword
  (arguments
    (alias) @name)
  (#any-of? @_keyword "defmodule" "defprotocol" "defimpl")) @definition.module

(call
  target: (identifier) @_keyword
  (arguments
    [
      (identifier) @name
      (call
        target: (identifier) @name)
      (binary_operator
        left: (call
          target: (identifier) @name)
        operator: "when")
    ])
  (#any-of? @_keyword "def" "defp" "defdelegate" "defguard" "defguardp" "defn" "defnp")) @definition.function

(call
  target: (identifier) @_keyword
  (arguments
    [
      (identifier) @name
      (call
        target: (identifier) @name)
    ])
  (#any-of? @_keyword "defmacro" "defmacrop")) @definition.macro

(call
  target: (identifier) @name
  (#not-any-of? @name "def" "defp" "defdelegate" "defguard" "defguardp" "defn" "defnp" "defmacro" "defmacrop" "defmodule" "defprotocol" "defimpl" "alias" "import" "require" "use")) @reference.call

(call
  target: (dot
    right: (identifier) @name)) @reference.call

(binary_operator
  operator: "|>"
  right: (identifier) @name) @reference.call

(unary_operator
  operator: "&"
  operand: (binary_operator
    left: (identifier) @name)) @reference.call

(alias) @name @reference.module
