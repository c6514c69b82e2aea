; Rust tags for aider-tui's repo map.

(struct_item name: (type_identifier) @name) @definition.struct
(enum_item name: (type_identifier) @name) @definition.enum
(union_item name: (type_identifier) @name) @definition.struct
(type_item name: (type_identifier) @name) @definition.type
(trait_item name: (type_identifier) @name) @definition.trait
(mod_item name: (identifier) @name) @definition.module
(macro_definition name: (identifier) @name) @definition.macro
(const_item name: (identifier) @name) @definition.constant
(static_item name: (identifier) @name) @definition.constant

(function_item name: (identifier) @name) @definition.function

(declaration_list
  (function_item name: (identifier) @name) @definition.method)

(declaration_list
  (function_signature_item name: (identifier) @name) @definition.method)

(impl_item type: (type_identifier) @name) @definition.impl

; references

(call_expression function: (identifier) @name) @reference.call
(call_expression
  function: (field_expression field: (field_identifier) @name)) @reference.call
(call_expression
  function: (scoped_identifier name: (identifier) @name)) @reference.call
(macro_invocation macro: (identifier) @name) @reference.call
(type_identifier) @name.reference.type
(scoped_identifier path: (identifier) @name) @reference.type
(scoped_type_identifier path: (identifier) @name) @reference.module
(use_list (identifier) @name) @reference.import
(use_declaration argument: (scoped_identifier name: (identifier) @name)) @reference.import
(use_list (scoped_identifier name: (identifier) @name)) @reference.import
(use_as_clause path: (scoped_identifier name: (identifier) @name)) @reference.import
(field_expression field: (field_identifier) @name) @reference.field
