//! The names of the ECCO codes' groups of ten (C6x: 五七炮对屏风马), in Chinese and English.

use super::Ecco;
use crate::lang::Text;

/// The name of `code`'s group of ten, in Chinese and in English.
pub fn group_name(code: Ecco) -> Text {
    let tens = code.number() / 10;
    match (code.letter(), tens) {
        ('A', 0) => Text::new("非常见开局", "Uncommon openings"),
        ('A', 1..=3) => Text::new("飞相局", "Elephant opening"),
        ('A', 4) => Text::new("起马局", "Horse opening"),
        ('A', 5) => Text::new("仕角炮局", "Advisor-corner cannon"),
        ('A', 6) => Text::new("过宫炮局", "Palace-crossing cannon"),
        ('A', _) => Text::new("其他开局", "Other openings"),
        ('B', 0) => Text::new("中炮对非常见应法", "Central cannon, uncommon defences"),
        ('B', 1) => Text::new("中炮对单提马", "Central cannon vs single horse"),
        ('B', 2) => Text::new("中炮对左三步虎", "Central cannon vs three-step tiger"),
        ('B', 3) => Text::new("中炮对反宫马", "Central cannon vs reverse palace horses"),
        ('B', 4) => Text::new("五六炮对反宫马", "Five-six cannons vs reverse palace horses"),
        ('B', 5) => Text::new("五七炮对反宫马", "Five-seven cannons vs reverse palace horses"),
        ('B', _) => Text::new("中炮对其他应法", "Central cannon, other defences"),
        ('C', 0) => Text::new("中炮对屏风马", "Central cannon vs screen horses"),
        ('C', 1) => match code.number() {
            10..=14 => Text::new("中炮右横车对屏风马", "Central cannon, right side chariot vs screen horses"),
            15 | 16 => Text::new("中炮巡河车对屏风马", "Central cannon, river chariot vs screen horses"),
            _ => Text::new("中炮过河车对屏风马", "Central cannon, chariot across the river vs screen horses"),
        },
        ('C', 2) => Text::new(
            "中炮过河车对屏风马两头蛇",
            "Central cannon, chariot across the river vs screen horses with both pawns",
        ),
        ('C', 3) => Text::new(
            "中炮过河车互进七兵对屏风马",
            "Central cannon, chariot across the river, both seventh pawns vs screen horses",
        ),
        ('C', 4) => Text::new(
            "中炮过河车互进七兵对屏风马平炮兑车",
            "Central cannon, chariot across the river vs screen horses, cannon offers the chariot trade",
        ),
        ('C', 5) => Text::new("五六炮对屏风马", "Five-six cannons vs screen horses"),
        ('C', 6) => Text::new("五七炮对屏风马", "Five-seven cannons vs screen horses"),
        ('C', 7) => Text::new("五七炮对屏风马进3卒", "Five-seven cannons vs screen horses, third pawn forward"),
        ('C', 8) => Text::new("中炮巡河炮对屏风马", "Central cannon, river cannon vs screen horses"),
        ('C', _) => Text::new("五八炮对屏风马", "Five-eight cannons vs screen horses"),
        ('D', 0) => Text::new("顺炮横车局", "Same-direction cannons, side chariot"),
        ('D', 1) => Text::new("顺炮直车对缓开车", "Same-direction cannons, straight chariot vs late chariot"),
        ('D', 2) => Text::new("顺炮直车对横车", "Same-direction cannons, straight chariot vs side chariot"),
        ('D', 3) => Text::new(
            "中炮对左炮封车转列炮",
            "Central cannon vs left cannon blocking the chariot, then opposite cannons",
        ),
        ('D', 4) => Text::new("中炮对半途列炮", "Central cannon vs halfway opposite cannons"),
        ('D', _) => Text::new("中炮对列炮", "Central cannon vs opposite-direction cannon"),
        ('E', 0) => Text::new("仙人指路", "Pawn opening"),
        ('E', 1) => Text::new("仙人指路对卒底炮", "Pawn opening vs cannon under the pawn"),
        ('E', 2 | 3) => Text::new(
            "仙人指路转左中炮对卒底炮",
            "Pawn opening, left central cannon vs cannon under the pawn",
        ),
        ('E', 4) => Text::new("对兵局", "Two pawns opening"),
        _ => Text::new("仙人指路", "Pawn opening"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_are_named_as_their_games_are_played() {
        let name = |c: &str| group_name(Ecco::parse(c).unwrap()).get(crate::lang::Lang::Zh);
        assert_eq!(name("C64"), "五七炮对屏风马");
        assert_eq!(name("C54"), "五六炮对屏风马");
        assert_eq!(name("B33"), "中炮对反宫马");
        assert_eq!(name("D25"), "顺炮直车对横车");
        assert_eq!(name("E12"), "仙人指路对卒底炮");
        assert_eq!(name("A45"), "起马局");
        // Every code has a name in both languages.
        for letter in ['A', 'B', 'C', 'D', 'E'] {
            for n in 0..100 {
                let name = group_name(Ecco::new(letter, n).unwrap());
                let (zh, en) = (
                    name.get(crate::lang::Lang::Zh),
                    name.get(crate::lang::Lang::En),
                );
                assert!(!zh.is_empty() && !en.is_empty());
            }
        }
    }
}
