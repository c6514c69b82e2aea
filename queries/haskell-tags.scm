; Haskell: the module, functions and their signatures, data types, newtypes,
; classes, type synonyms and constructors; applied variables and type and
; constructor names as references.

(header
  module: (module) @name) @definition.module

(declarations
  (function
    name: (variable) @name) @definition.function)

(declarations
  (bind
    name: (variable) @name) @definition.function)

(declarations
  (signature
    name: (variable) @name) @definition.function)

(class_declarations
  (signature
    name: (variable) @name) @definition.method)

(data_type
  name: (name) @name) @definition.type

(newtype
  name: (name) @name) @definition.type

(type_synonym
  name: (name) @name) @definition.type

(class
  name: (name) @name) @definition.class

(data_constructor
  constructor: (prefix
    name: (constructor) @name)) @definition.constant

(apply
  function: (variable) @name) @reference.call

(apply
  argument: (variable) @name) @reference.call

(infix
  operator: (infix_id
    (variable) @name)) @reference.call

(name) @name @reference.type

(constructor) @name @reference.call
