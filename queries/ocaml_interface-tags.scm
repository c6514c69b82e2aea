; OCaml interfaces (.mli): declared values, externals, types, exceptions,
; module types, modules and classes; the types and modules they name as
; references.

(value_specification
  (value_name) @name) @definition.function

(external
  (value_name) @name) @definition.function

(type_definition
  (type_binding
    name: (type_constructor) @name) @definition.type)

(exception_definition
  (constructor_declaration
    (constructor_name) @name)) @definition.class

(module_type_definition
  (module_type_name) @name) @definition.interface

(module_definition
  (module_binding
    (module_name) @name) @definition.module)

(class_definition
  (class_binding
    (class_name) @name) @definition.class)

(method_specification
  (method_name) @name) @definition.method

(type_constructor_path
  (type_constructor) @name) @reference.type

(module_path
  (module_name) @name) @reference.module

(module_type_path
  (module_type_name) @name) @reference.interface
