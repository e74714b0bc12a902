//! A subcommand's arguments read one at a time: its flags, their values on demand, plain words.

use std::str::FromStr;

/// Walks a subcommand's arguments; a flag's value is taken when the flag asks for it.
pub(super) struct Flags<'a> {
    args: std::slice::Iter<'a, String>,
}

impl<'a> Flags<'a> {
    pub(super) fn new(args: &'a [String]) -> Flags<'a> {
        Flags { args: args.iter() }
    }

    /// The value after `flag`.
    pub(super) fn value(&mut self, flag: &str) -> Result<String, String> {
        self.args
            .next()
            .cloned()
            .ok_or(format!("{flag} needs a value"))
    }

    /// The value after `flag`, as a number.
    pub(super) fn number<T: FromStr>(&mut self, flag: &str) -> Result<T, String> {
        let v = self.value(flag)?;
        v.parse().map_err(|_| format!("{flag}: `{v}` is no number"))
    }
}

impl<'a> Iterator for Flags<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        self.args.next().map(String::as_str)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_and_numbers_follow_their_flag() {
        let args: Vec<String> = ["--go", "nodes 9", "--jobs", "x", "--skip"]
            .map(String::from)
            .into();
        let mut f = Flags::new(&args);
        assert_eq!(f.next(), Some("--go"));
        assert_eq!(f.value("--go").as_deref(), Ok("nodes 9"));
        assert_eq!(f.next(), Some("--jobs"));
        assert_eq!(
            f.number::<usize>("--jobs"),
            Err("--jobs: `x` is no number".into())
        );
        assert_eq!(f.next(), Some("--skip"));
        assert_eq!(f.value("--skip"), Err("--skip needs a value".into()));
        assert_eq!(f.next(), None);
    }
}
