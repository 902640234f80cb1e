/**
 * Filter expressions: an {@link dev.quire.layout.expr.Expr} tree (built in code or parsed from text), bound to a
 * schema as a {@link dev.quire.layout.expr.BoundExpr} (type errors surface there, before any data is read),
 * evaluated over batches into a {@link dev.quire.layout.expr.RowMask}, and asked whether a zone with given
 * {@link dev.quire.layout.expr.ZoneStats} might hold matching rows.
 */
package dev.quire.layout.expr;
