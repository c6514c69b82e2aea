; Pony. Every entity kind is a type: classes and actors (with behaviours) are
; classes here, a primitive is a value-less class, and traits and interfaces
; are what other types say they are (`is`). Members are methods, behaviours
; (`be`) and constructors (`new`); `let`/`var`/`embed` members are fields.

(class_definition (identifier) @name) @definition.class
(actor_definition (identifier) @name) @definition.class
(primitive_definition (identifier) @name) @definition.class
(struct_definition (identifier) @name) @definition.struct
(trait_definition (identifier) @name) @definition.trait
(interface_definition (identifier) @name) @definition.interface
(type_alias (identifier) @name) @definition.type

(method (identifier) @name) @definition.method
(behavior (identifier) @name) @definition.method
(constructor (identifier) @name) @definition.method
(field name: (identifier) @name) @definition.field

; A type named anywhere: a parameter, a field, a return type, after `is`.
(base_type name: (identifier) @name) @reference.type

; `f(x)`, `Item(x)` (a constructor call), `a.b.f(x)` (the last name is called).
(call_expression
  callee: [(identifier) (ffi_identifier)] @name) @reference.call
(call_expression
  callee: (generic_expression . (identifier) @name)) @reference.call
(call_expression
  callee: (member_expression (identifier) @name .)) @reference.call

; `Tax.rate()`, `let cart = Cart`: a capitalised name in an expression is a
; type (a primitive's value or an actor's default constructor).
(member_expression . (identifier) @name
  (#match? @name "^_?[A-Z]")) @reference.type
(block (identifier) @name
  (#match? @name "^_?[A-Z]")) @reference.type
