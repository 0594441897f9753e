//! The languages of the app and their plural rules (plain data: no
//! other module of the app is used here).

/// A language of the app: the ten of the Jumbo rules.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Language {
    /// Deutsch.
    De,
    /// English.
    #[default]
    En,
    /// Français.
    Fr,
    /// Español.
    Es,
    /// Italiano.
    It,
    /// Nederlands.
    Nl,
    /// Dansk.
    Da,
    /// Svenska.
    Sv,
    /// Polski.
    Pl,
    /// Русский.
    Ru,
}

impl Language {
    /// Every language, in the order of the language menu.
    pub const ALL: [Language; 10] = [
        Language::De,
        Language::En,
        Language::Fr,
        Language::Es,
        Language::It,
        Language::Nl,
        Language::Da,
        Language::Sv,
        Language::Pl,
        Language::Ru,
    ];

    /// The language's code (ISO 639-1), the name of its file and the
    /// value of `<html lang>`.
    pub fn code(self) -> &'static str {
        match self {
            Language::De => "de",
            Language::En => "en",
            Language::Fr => "fr",
            Language::Es => "es",
            Language::It => "it",
            Language::Nl => "nl",
            Language::Da => "da",
            Language::Sv => "sv",
            Language::Pl => "pl",
            Language::Ru => "ru",
        }
    }

    /// The language's name in itself, as the menu shows it.
    pub fn name(self) -> &'static str {
        match self {
            Language::De => "Deutsch",
            Language::En => "English",
            Language::Fr => "Français",
            Language::Es => "Español",
            Language::It => "Italiano",
            Language::Nl => "Nederlands",
            Language::Da => "Dansk",
            Language::Sv => "Svenska",
            Language::Pl => "Polski",
            Language::Ru => "Русский",
        }
    }

    /// The language of a code made by [`Language::code`].
    pub fn from_code(code: &str) -> Option<Language> {
        Language::ALL.into_iter().find(|l| l.code() == code)
    }

    /// The first of the browser's languages (`navigator.languages`, best
    /// first) that the app speaks, by its main subtag; English otherwise.
    ///
    /// ```
    /// use barricade_web::i18n::Language;
    /// assert_eq!(Language::best(["pt-BR", "de-AT", "en"]), Language::De);
    /// assert_eq!(Language::best(["nb-NO"]), Language::En);
    /// ```
    pub fn best<'a>(preferred: impl IntoIterator<Item = &'a str>) -> Language {
        preferred
            .into_iter()
            .find_map(|tag| {
                let main = tag.split(['-', '_']).next()?.to_ascii_lowercase();
                Language::from_code(&main)
            })
            .unwrap_or_default()
    }

    /// Which form of a plural choice `n` takes: 0 (one), 1 (other, or few
    /// in Polish and Russian), 2 (many, Polish and Russian).
    ///
    /// ```
    /// use barricade_web::i18n::Language;
    /// assert_eq!(Language::Ru.plural(21), 0);
    /// assert_eq!(Language::Ru.plural(23), 1);
    /// assert_eq!(Language::Pl.plural(21), 2);
    /// assert_eq!(Language::Fr.plural(0), 0);
    /// assert_eq!(Language::En.plural(0), 1);
    /// ```
    pub fn plural(self, n: u64) -> usize {
        let (ones, tens) = (n % 10, n % 100);
        let few = (2..=4).contains(&ones) && !(12..=14).contains(&tens);
        match self {
            Language::Fr => usize::from(n > 1),
            Language::Pl if n == 1 => 0,
            Language::Pl if few => 1,
            Language::Pl => 2,
            Language::Ru if ones == 1 && tens != 11 => 0,
            Language::Ru if few => 1,
            Language::Ru => 2,
            _ => usize::from(n != 1),
        }
    }
}
