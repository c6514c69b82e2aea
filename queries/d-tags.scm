; D: modules, aggregates, functions, enums and manifest constants; calls and
; type names as references.

(module_declaration
  (module_fqn) @name) @definition.module

(class_declaration
  (identifier) @name) @definition.class

(struct_declaration
  (identifier) @name) @definition.struct

(interface_declaration
  (identifier) @name) @definition.interface

(union_declaration
  (identifier) @name) @definition.type

(enum_declaration
  (identifier) @name) @definition.enum

(function_declaration
  (identifier) @name) @definition.function

(constructor
  (this) @name) @definition.method

(manifest_declarator
  .
  (identifier) @name) @definition.constant

(call_expression
  (identifier) @name) @reference.call

(call_expression
  (type
    (template_instance
      (identifier) @name))) @reference.call

(type
  (identifier) @name) @reference.type
