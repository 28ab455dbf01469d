//! Village (Big Box edition, 2011) with Village Port and Life Goals: work in progress. So far its
//! component data: every printed value the rules need, from one data file.

pub mod components;
