//! Empty on purpose: its Cargo.toml, written by `cargo hakari generate`, gives every
//! dependency one set of features for all the workspace's builds (see the Makefile's
//! check-hakari).
