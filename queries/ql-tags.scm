; CodeQL: classes, predicates (members and top-level), modules and algebraic
; data types; called predicates and type names as references.

(dataclass
  name: (className) @name) @definition.class

(datatype
  name: (className) @name) @definition.type

(datatypeBranch
  name: (className) @name) @definition.constant

(module
  name: (moduleName) @name) @definition.module

(classlessPredicate
  name: (predicateName) @name) @definition.function

(memberPredicate
  name: (predicateName) @name) @definition.method

(charpred
  (className) @name) @definition.method

(aritylessPredicateExpr
  name: (literalId) @name) @reference.call

(qualifiedRhs
  name: (predicateName) @name) @reference.call

(typeExpr
  name: (className) @name) @reference.type

(moduleExpr
  (simpleId) @name) @reference.module
