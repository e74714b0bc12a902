//! The fixed words of the app's shared screens, in both languages: the catalogue its views say them from.

use crate::lang::{Lang, Say, Text};

// access.rs
pub const WOOD: Text = Text::new("木纹", "Wood");
pub const GREEN: Text = Text::new("绿色", "Green");
pub const BLUE: Text = Text::new("蓝色", "Blue");
pub const HIGH_CONTRAST_WHITE_BLACK: Text =
    Text::new("高对比（白底黑线）", "High contrast (white, black lines)");
pub const START_POSITION: Text = Text::new("开局局面", "Start position");
pub const TAKES: Text = Text::new("，吃", ", takes ");
pub const CHECK: Text = Text::new("将军！", "Check!");
pub const NO_CLOCK_IN_THIS_GAME: Text = Text::new("本局不计时", "This game has no clock");
pub const LIST_COMMA: Text = Text::new("，", ", ");
pub const TRADITIONAL_CHARACTERS: Text = Text::new("传统汉字", "Traditional characters");
pub const WESTERN_STYLE_SYMBOLS: Text = Text::new("国际象棋式图形", "Western-style symbols");
pub const HIGH_CONTRAST: Text = Text::new("高对比", "High contrast");
pub const PIECE_SET: Text = Text::new("棋子样式", "Piece set");
pub const BOARD_COLOUR: Text = Text::new("棋盘颜色", "Board colour");
pub const SOUND_MOVE_CAPTURE_CHECK: Text = Text::new(
    "声音（走子、吃子、将军、时间不足、终局）",
    "Sound (move, capture, check, low time, game end)",
);
// board.rs
pub const SELECTED: Text = Text::new("，已选中", ", selected");
pub const A_LEGAL_MOVE: Text = Text::new("，可走到此处", ", a legal move");
pub const IN_CHECK: Text = Text::new("，被将军", ", in check");
pub const LAST_MOVE: Text = Text::new("，上一步", ", last move");
pub const BOARD_ARROW_KEYS_MOVE: Text = Text::new(
    "棋盘：方向键移动，回车或空格选子、落子；t 报剩余时间",
    "Board: arrow keys move, Enter or Space picks and places; t tells the time left",
);
// clock.rs
pub const BLACK: Text = Text::new("黑方", "Black");
pub const RED: Text = Text::new("红方", "Red");
pub const YOUR_MOVE: Text = Text::new("轮到你走棋", "Your move");
pub const OPPONENTS_MOVE: Text = Text::new("对方思考中", "Opponent's move");
pub const RESUME: Text = Text::new("继续", "Resume");
pub const PAUSE: Text = Text::new("暂停", "Pause");
pub const UNDO_PRESS: Text = Text::new("撤销按钟", "Undo press");
pub const GAME_OVER: Text = Text::new("终局", "Game over");
pub const NEW_GAME: Text = Text::new("新局", "New game");
pub const SOUND_ON: Text = Text::new("开声音", "Sound on");
pub const MUTE: Text = Text::new("静音", "Mute");
pub const FULL_SCREEN: Text = Text::new("全屏", "Full screen");
pub const TIME_CONTROL: Text = Text::new("计时方式", "Time control");
pub const PRESET: Text = Text::new("预设", "Preset");
pub const SET: Text = Text::new("设定", "Set");
pub const NOTATION_90M_40_15M: Text = Text::new("写法：90分/40着，15分/10着（40着90分钟，以后每10着15分钟）；2小时+30秒（每着加30秒）；20分 读秒 3×30秒；5分 延时 5秒（每着先延时5秒）。", "Notation: 90m/40, 15m/10 (40 moves in 90 min, then 10 every 15 min); 2h+30s (30 s a move); 20m byo 3x30s (byo-yomi); 5m delay 5s.");
pub const CLOCK_KEYS: Text = Text::new(
    "空格：走棋方按钟 · 左Shift：红方 · 右Shift：黑方",
    "Space: the side to move presses · Left Shift: Red · Right Shift: Black",
);
// editor.rs
pub const ERASER: Text = Text::new("橡皮（移除）", "Eraser");
pub const CLEAR_BOARD: Text = Text::new("清空棋盘", "Clear board");
pub const INITIAL_POSITION: Text = Text::new("初始局面", "Start position");
pub const SIDE_TO_MOVE: Text = Text::new("走棋方", "Side to move");
pub const LOAD: Text = Text::new("载入", "Load");
pub const RED_PIECES: Text = Text::new("红方棋子", "Red pieces");
pub const BLACK_PIECES: Text = Text::new("黑方棋子", "Black pieces");
pub const CLICK_TO_PLACE_DRAG: Text = Text::new(
    "点击放子，拖动移子，右键或橡皮移除",
    "Click to place, drag to move, right-click or eraser to remove",
);
pub const PLAY_FROM_THIS_POSITION: Text = Text::new("从此局面开始对弈", "Play from this position");
pub const CANCEL: Text = Text::new("取消", "Cancel");
// engine_panel.rs
pub const BEGINNER: Text = Text::new("入门", "Beginner");
pub const NOVICE: Text = Text::new("初级", "Novice");
pub const CASUAL: Text = Text::new("业余", "Casual");
pub const CLUB: Text = Text::new("俱乐部", "Club");
pub const ADVANCED: Text = Text::new("进阶", "Advanced");
pub const STRONG: Text = Text::new("强", "Strong");
pub const EXPERT: Text = Text::new("很强", "Expert");
pub const FULL_STRENGTH: Text = Text::new("全力", "Full strength");
pub const ELO: Text = Text::new("等级分", "Elo");
pub const S: Text = Text::new("秒", "s");
pub const PAWNS_FROM_REDS_SIDE: Text = Text::new(
    "兵（红方视角：正数红优，负数黑优）",
    "pawns, from Red's side (+ Red better, − Black better)",
);
pub const ENGINE_COULD_NOT_START: Text = Text::new("引擎无法启动", "The engine could not start");
pub const NO_THREATS_TO_SHOW: Text =
    Text::new("被将军时无法显示威胁", "No threats to show while in check");
pub const COMPUTER_PLAYS: Text = Text::new("电脑执", "Computer plays");
pub const NOBODY: Text = Text::new("不参与", "Nobody");
pub const LEVEL: Text = Text::new("等级", "Level");
pub const LINES: Text = Text::new("线路数", "Lines");
pub const TIME_PER_MOVE: Text = Text::new("每步用时", "Time per move");
pub const ANALYSE: Text = Text::new("分析", "Analyse");
pub const STOP_ANALYSIS: Text = Text::new("停止分析", "Stop analysis");
pub const COMPUTER_ACTIONS: Text = Text::new("电脑操作", "Computer actions");
pub const HINT: Text = Text::new("提示", "Hint");
pub const SHOW_THREATS: Text = Text::new("显示威胁", "Show threats");
pub const STOP: Text = Text::new("停止", "Stop");
pub const MOVE_NOW: Text = Text::new("立即走棋", "Move now");
pub const THE_COMPUTER_IS_THINKING: Text = Text::new("电脑思考中…", "The computer is thinking…");
pub const FINDING_A_HINT: Text = Text::new("正在找提示…", "Finding a hint…");
pub const FINDING_THREATS: Text = Text::new("正在找威胁…", "Finding threats…");
pub const ANALYSING: Text = Text::new("分析中…", "Analysing…");
pub const BEST_LINES: Text = Text::new("最佳线路", "Best lines");
pub const THREAT: Text = Text::new("威胁", "Threat");
pub const BEST_LINE: Text = Text::new("最佳着法", "Best line");
pub const EVALUATION_REDS_VIEW: Text = Text::new("局面评估（红方视角）", "Evaluation (Red's view)");
pub const DEPTH: Text = Text::new("深度", "depth");
pub const NODES: Text = Text::new("节点", "nodes");
pub const SPEED: Text = Text::new("速度", "speed");
pub const COMPUTER: Text = Text::new("电脑", "Computer");
// mod.rs
pub const XIANGQI_CLUB: Text = Text::new("象棋俱乐部", "Xiangqi Club");
pub const SECTIONS: Text = Text::new("栏目", "Sections");
pub const PLAY: Text = Text::new("对弈", "Play");
pub const SCORESHEET: Text = Text::new("记录纸", "Scoresheet");
pub const ROUND_ROBIN: Text = Text::new("循环赛", "Round robin");
pub const CLOCK: Text = Text::new("棋钟", "Clock");
pub const SCHEDULE: Text = Text::new("赛程编排", "Schedule");
pub const SWISS: Text = Text::new("积分编排", "Swiss");
pub const MEMBERS: Text = Text::new("会员", "Members");
pub const TRAIN: Text = Text::new("练习", "Train");
pub const SWITCH_TO_CHINESE: Text = Text::new("切换到英文", "Switch to Chinese");
// move_box.rs
pub const THE_COMPUTER_IS_THINKING_TYPE: Text = Text::new(
    "电脑正在思考：请等它走完再输入着法",
    "The computer is thinking: type your move once it has played",
);
pub const THE_GAME_IS_OVER: Text = Text::new("对局已结束", "The game is over");
pub const MATCHING_MOVES: Text = Text::new("符合的着法", "Matching moves");
pub const TYPE_A_MOVE: Text = Text::new("输入着法 (/)", "Type a move (/)");
pub const MOVE_EXAMPLE: Text = Text::new("如 炮二平五、C2.5、h2e2", "e.g. C2.5 or h2e2");
pub const PLAY_MOVE: Text = Text::new("走棋", "Play");
pub const STILL_LOADING: Text = Text::new("加载中…", "Loading…");
// moves.rs
pub const MOVES: Text = Text::new("着法", "Moves");
pub const STEP_THROUGH: Text = Text::new("浏览", "Step through");
pub const FIRST_POSITION: Text = Text::new("开局", "First position");
pub const PREVIOUS_MOVE: Text = Text::new("上一步", "Previous move");
pub const NEXT_MOVE: Text = Text::new("下一步", "Next move");
pub const LAST_POSITION: Text = Text::new("最新", "Last position");
// play.rs
pub const LINK_COPIED: Text = Text::new("已复制链接 ✓", "Link copied ✓");
pub const FEN_COPIED: Text = Text::new("已复制 FEN ✓", "FEN copied ✓");
pub const COMPUTER_ACCEPTS_DRAW: Text = Text::new(
    "电脑同意和棋：它的评估不占优（第23.1条）",
    "The computer accepts the draw: it does not stand better (rule 23.1)",
);
pub const COMPUTER_DECLINES_DRAW: Text = Text::new(
    "电脑拒绝和棋，继续对局（第23.1条）",
    "The computer declines the draw and plays on (rule 23.1)",
);
pub const STORAGE_FULL_GAME_NOT_SAVED: Text = Text::new("存储已满：之前保存的对局无法另存，已原样保留；棋盘上这局不会被保存。", "Storage is full: the saved game could not be set aside, so it was kept; the game on the board is not saved.");
pub const STORAGE_IS_FULL_THE_GAME: Text = Text::new(
    "存储已满：棋盘上的对局无法另存，因此没有被替换。",
    "Storage is full: the game on the board could not be set aside, so it was not replaced.",
);
pub const OPEN_THE_SAVED_GAME: Text = Text::new("打开保存的对局", "Open the saved game");
pub const DISMISS: Text = Text::new("知道了", "Dismiss");
pub const BOARD_VIEW: Text = Text::new("棋盘显示", "Board view");
pub const SHARING: Text = Text::new("分享", "Sharing");
pub const NEW_VARIATION: Text = Text::new("另开变着", "New variation");
pub const YES: Text = Text::new("确定", "Yes");
pub const GAME_PANEL: Text = Text::new("对局信息", "Game panel");
pub const GAME: Text = Text::new("对局", "Game");
pub const RECORD: Text = Text::new("棋谱", "Record");
// play_options.rs
pub const FLIP_BOARD: Text = Text::new("翻转棋盘", "Flip board");
pub const LEAVE_PROJECTOR_ESC: Text = Text::new("退出投影 (Esc)", "Leave projector (Esc)");
pub const PROJECTOR_MODE: Text = Text::new("投影模式", "Projector mode");
pub const NOTATION: Text = Text::new("记谱", "Notation");
pub const CHINESE: Text = Text::new("中文", "Chinese");
pub const CHINESE_SHORT: Text = Text::new("中文简写", "Chinese short");
pub const ANIMATE_MOVES: Text = Text::new("走子动画", "Animate moves");
pub const FAR_SIDE_UPSIDE_DOWN: Text = Text::new(
    "对方棋子倒置（如实物棋盘）",
    "Far side upside down (as on a table)",
);
pub const CLOCK_AND_MOVE_LIMIT: Text = Text::new("计时与限着", "Clock and move limit");
pub const CLOCK_CHOSEN_BEFORE_THE: Text =
    Text::new("棋钟（开局前选择）", "Clock (chosen before the first move)");
pub const NO_CLOCK: Text = Text::new("不计时", "No clock");
pub const CUSTOM_BELOW: Text = Text::new("自定义（见下）", "Custom (below)");
pub const CUSTOM_CONTROL: Text = Text::new("自定义时限", "Custom control");
pub const CONTROL_90M_40_15M_10: Text = Text::new("90分/40着，15分/10着", "90m/40, 15m/10");
pub const MOVE_LIMIT_MOVES_RULE: Text = Text::new(
    "自然限着（回合，第4.2.4条）",
    "Move limit (moves, rule 4.2.4)",
);
pub const PRINT_SCORESHEET: Text = Text::new("打印记录纸", "Print scoresheet");
pub const IMPORT_EXPORT_PGN: Text = Text::new("导入 / 导出棋谱 (PGN)", "Import / export (PGN)");
pub const COPY_LINK: Text = Text::new("复制链接", "Copy link");
pub const COPY_FEN: Text = Text::new("复制 FEN", "Copy FEN");
pub const FEN_AND_LINK: Text = Text::new("FEN 与链接", "FEN and link");
pub const GAME_LINK: Text = Text::new("对局链接", "Game link");
// review.rs
pub const THE_MAIN_LINE_CHANGED: Text = Text::new(
    "分析期间主线已改变，请重新分析",
    "The main line changed during the analysis: analyse again",
);
pub const DOWNLOAD_FAILED: Text = Text::new("下载失败", "Download failed");
pub const ANALYSE_THE_GAME: Text = Text::new("全局分析", "Analyse the game");
pub const ANALYSIS_PROGRESS: Text = Text::new("分析进度", "Analysis progress");
pub const EXPORT_THE_REVIEW: Text = Text::new("导出分析棋谱", "Export the review");
pub const EVALUATION_GRAPH_FROM_REDS: Text = Text::new(
    "评估曲线（红方视角，上方红优）",
    "Evaluation graph from Red's side: up is Red better",
);
pub const BY_WINNING_CHANCES_LOST: Text = Text::new(
    "按胜率损失计：欠准 ≥ 5%，失误 ≥ 10%，漏着 ≥ 15%（同 lichess）",
    "By winning chances lost: inaccuracy ≥ 5%, mistake ≥ 10%, blunder ≥ 15% (as lichess)",
);
pub const BETTER: Text = Text::new("更好：", "Better: ");
pub const TO_A_SET: Text = Text::new("加入练习题集", "Add to a training set");
pub const IN_THE_SET: Text = Text::new("✓ 已加入题集", "✓ In the set");
// scoresheet.rs
pub const EVENT_NAME: Text = Text::new("比赛名称", "Event");
pub const ROUND: Text = Text::new("轮次", "Round");
pub const BOARD: Text = Text::new("台次", "Board");
pub const DATE: Text = Text::new("日期", "Date");
pub const RED_TIME_USED: Text = Text::new("红方用时", "Red time used");
pub const BLACK_TIME_USED: Text = Text::new("黑方用时", "Black time used");
pub const RED_FOULS: Text = Text::new("红方犯规", "Red fouls");
pub const BLACK_FOULS: Text = Text::new("黑方犯规", "Black fouls");
pub const THIS_GAME: Text = Text::new("本局记录", "This game");
pub const BLANK_ROUNDS_1_60: Text = Text::new("空白（1–60 回合）", "Blank (rounds 1–60)");
pub const FULL_FORM: Text = Text::new("完整记录", "Full form");
pub const SHORT_FORM: Text = Text::new("简写记录", "Short form");
pub const PRINT: Text = Text::new("打印", "Print");
pub const GAME_DETAILS: Text = Text::new("对局信息", "Game details");
pub const RESULT: Text = Text::new("结果", "Result");
pub const UNFINISHED: Text = Text::new("未定", "Unfinished");
pub const RED_WINS: Text = Text::new("红胜", "Red wins");
pub const BLACK_WINS: Text = Text::new("黑胜", "Black wins");
pub const DRAW: Text = Text::new("和棋", "Draw");
pub const RESTORE_THE_PREVIOUS_GAME: Text = Text::new("恢复上一局", "Restore the previous game");
pub const FORWARD: Text = Text::new("进", "forward");
pub const BACK: Text = Text::new("退", "back");
pub const MOVE_ROUND: Text = Text::new("回合", "Round");
pub const XIANGQI_SCORESHEET: Text = Text::new("中国象棋比赛记录纸", "Xiangqi Scoresheet");
pub const FORM: Text = Text::new("记录方式", "Form");
pub const SHORT: Text = Text::new("简写", "Short");
pub const FULL: Text = Text::new("完整", "Full");
pub const TIME_USED: Text = Text::new("用时", "Time used");
pub const FOULS: Text = Text::new("犯规", "Fouls");
pub const SIGNATURES: Text = Text::new("签字", "Signatures");
pub const RED_PLAYER: Text = Text::new("红方棋手", "Red player");
pub const BLACK_PLAYER: Text = Text::new("黑方棋手", "Black player");
pub const ARBITER: Text = Text::new("裁判员", "Arbiter");
pub const PER_THE_1999_CHINESE: Text = Text::new(
    "依据《中国象棋竞赛规则》(1999) 第7条记录、第10.1条对局结束后签字。",
    "Per the 1999 Chinese Xiangqi rules: article 7 (recording) and 10.1 (result and signatures).",
);
pub const IMPORT_PGN: Text = Text::new("导入 PGN", "Import PGN");
pub const PASTE_A_GAME_PGN: Text =
    Text::new("粘贴棋谱（PGN 或着法）", "Paste a game (PGN or moves)");
pub const IMPORT: Text = Text::new("导入", "Import");
pub const OR_CHOOSE_A_FILE: Text = Text::new("或选择文件", "or choose a file");
pub const LOAD_THE_VALID_PART: Text = Text::new("载入有效部分", "Load the valid part");
pub const EXPORT_PGN: Text = Text::new("导出 PGN", "Export PGN");
pub const CHINESE_NOTATION: Text = Text::new("中文记谱", "Chinese");
// storage.rs
pub const NOT_SAVED_THE_BROWSERS: Text = Text::new("未能保存：浏览器存储已满或已停用，本页的更改在重新载入后会丢失。请删除旧数据腾出空间，或先导出文件。", "Not saved: the browser's storage is full or disabled; changes on this page will be lost on reload. Delete old data to make room, or export first.");
pub const DOWNLOAD_THE_RAW_DATA: Text = Text::new("下载原始数据", "Download the raw data");
pub const SET_ASIDE_AND_START_FRESH: Text =
    Text::new("另存后重新开始", "Set it aside and start fresh");
pub const DISCARD_IT_AND_START: Text = Text::new("丢弃并重新开始", "Discard it and start fresh");
// study.rs
pub const COMMENT_ON_THIS_MOVE: Text = Text::new("本步注释", "Comment on this move");
pub const COMMENT_BEFORE_THE_FIRST: Text =
    Text::new("开局前的注释", "Comment before the first move");
pub const MARKS: Text = Text::new("标记", "Marks");
pub const VARIATIONS: Text = Text::new("变着", "Variations");
pub const PROMOTE_VARIATION: Text = Text::new("变着上移", "Promote variation");
pub const MAKE_MAIN_LINE: Text = Text::new("设为主线", "Make main line");
pub const DELETE_VARIATION: Text = Text::new("删除变着", "Delete variation");
pub const DELETE_FROM_HERE: Text = Text::new("从此步删除", "Delete from here");
pub const UNDO_DELETION: Text = Text::new("撤销删除 (Ctrl+Z)", "Undo deletion (Ctrl+Z)");
pub const SHOW_ALL: Text = Text::new("展开全文", "Show all");
pub const SHOW_LESS: Text = Text::new("收起", "Show less");
pub const CONTINUE_FROM_HERE: Text = Text::new(
    "从终局继续（成为新的变着研究）",
    "Continue from here (a new line to study)",
);
pub const EXPORT_THE_WHOLE_STUDY: Text = Text::new(
    "导出整个棋谱（含变着、注释）",
    "Export the whole study (variations, comments)",
);
pub const CLOSE: Text = Text::new("关闭", "Close");
pub const SEARCH_PLAYER_EVENT_TITLE: Text =
    Text::new("搜索：棋手、赛事、标题", "Search: player, event, title");
pub const OPEN_A_GAME_FILE: Text = Text::new("打开棋谱文件", "Open a game file");
pub const PASTE_A_GAME_PGN_DHTMLXQ: Text =
    Text::new("粘贴棋谱（PGN / DhtmlXQ）", "Paste a game (PGN / DhtmlXQ)");
pub const OPEN: Text = Text::new("打开", "Open");
pub const MY_STUDIES: Text = Text::new("我的研习", "My studies");
pub const STUDY_NAME: Text = Text::new("研习名称", "Study name");
pub const SAVE: Text = Text::new("保存", "Save");
pub const EXPORT_ALL_AS_PGN: Text = Text::new("全部导出为 PGN", "Export all as PGN");
pub const RENAME_TO_THE_NAME: Text = Text::new("改名为上面的名称", "Rename to the name above");
pub const DELETE: Text = Text::new("删除", "Delete");
pub const EVENT: Text = Text::new("赛事", "Event");
pub const PLACE: Text = Text::new("地点", "Place");
pub const OPENING: Text = Text::new("开局", "Opening");
// verdict.rs
pub const GAME_STATUS: Text = Text::new("对局状态", "Game status");
pub const THE_REPEATED_CYCLE_FIRST: Text = Text::new(
    "循环着法（从第一次出现到第三次出现）",
    "The repeated cycle (first to third occurrence)",
);
pub const PLY: Text = Text::new("着", "Ply");
pub const SIDE: Text = Text::new("方", "Side");
pub const MOVE: Text = Text::new("着法", "Move");
pub const KIND: Text = Text::new("性质", "Kind");
pub const RULE: Text = Text::new("条款", "Rule");
pub const YOU_OFFERED_A_DRAW: Text = Text::new(
    "你已提和，电脑想好后答复",
    "You offered a draw; the computer answers once it has thought",
);
pub const ACCEPT_DRAW: Text = Text::new("同意和棋", "Accept draw");
pub const DECLINE: Text = Text::new("拒绝", "Decline");
pub const OFFER_A_DRAW_THE: Text =
    Text::new("提和（电脑答复）", "Offer a draw (the computer answers)");
pub const OFFER_DRAW_WITH_NEXT_MOVE: Text =
    Text::new("下一着走后提和", "Offer a draw with my next move");
pub const DRAW_OFFER_ARMED: Text = Text::new(
    "将随下一着提和（点击取消）",
    "Draw offer goes with your next move (click to cancel)",
);
pub const OFFER_DRAW_AFTER_MOVE: Text =
    Text::new("走完一着后才能提和", "Offer a draw after a move");
pub const TAKE_BACK: Text = Text::new("悔棋", "Take back");
pub const RULE_23_1_OFFER: Text = Text::new(
    "第23.1条：在己方走完一着后、对方思考时提和",
    "Rule 23.1: offer after making your own move, on your opponent's time",
);
pub const MORE_ACTIONS: Text = Text::new("更多操作", "More actions");
pub const START_NEW_GAME: Text = Text::new("新对局", "New game");
pub const REDO: Text = Text::new("还原悔棋", "Redo");
pub const SET_UP_POSITION: Text = Text::new("摆局", "Set up position");
pub const RESTORE_PREVIOUS_GAME: Text = Text::new("恢复上一局", "Restore previous game");
pub const GAME_ACTIONS: Text = Text::new("对局操作", "Game actions");
pub const RED_RESIGNS: Text = Text::new("红方认输", "Red resigns");
pub const BLACK_RESIGNS: Text = Text::new("黑方认输", "Black resigns");
// Notation names that are the same in both languages.
pub const WXF: Text = Text::new("WXF", "WXF");
pub const ICCS: Text = Text::new("ICCS", "ICCS");

// The board's markings, printed on a real board and shown the same in both languages (the board
// is marked `translate="no"`). Red numbers its files 一…九 from its own right (article 7.5).
pub const RED_FILES: [&str; 9] = ["九", "八", "七", "六", "五", "四", "三", "二", "一"];
pub const RIVER_LEFT: &str = "楚 河";
pub const RIVER_RIGHT: &str = "漢 界";
/// The ideographic space that spaces items of a line, in both languages.
pub const WIDE_SPACE: &str = "　";

/// A board row's name for a screen reader: its rank, counted from Red's side.
pub struct Rank(pub u8);

impl Say for Rank {
    fn say(&self, lang: Lang) -> String {
        match (self, lang) {
            (Rank(r), Lang::Zh) => format!("第{r}行"),
            (Rank(r), Lang::En) => format!("rank {r}"),
        }
    }
}

/// A message said earlier, kept in both languages for when what said it is gone: the lean play
/// bundle hands its notices to the full one so (their domain values do not serialise), and the
/// PGN import keeps a file's warnings so (they borrow the decoded text).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct SaidBefore(String, String);

impl SaidBefore {
    /// What `said` says, in both languages. Never inlined: inlined at a call site the two calls
    /// of `say` would be devirtualised and each error's sentences copied into every page bundle.
    #[inline(never)]
    pub fn of(said: &dyn Say) -> SaidBefore {
        SaidBefore(said.say(Lang::Zh), said.say(Lang::En))
    }

    /// What `say` gives in each language (a sentence put together on the page).
    pub fn by(say: impl Fn(Lang) -> String) -> SaidBefore {
        SaidBefore(say(Lang::Zh), say(Lang::En))
    }

    /// A text with one form only (a worker's report of a failure), the same in both languages.
    pub fn plain(text: String) -> SaidBefore {
        SaidBefore(text.clone(), text)
    }
}

/// A page's message, kept in both languages so that the language button re-says it.
impl From<crate::saved::NotSaved> for SaidBefore {
    fn from(e: crate::saved::NotSaved) -> SaidBefore {
        SaidBefore::of(&e)
    }
}

impl Say for SaidBefore {
    fn say(&self, lang: Lang) -> String {
        match (self, lang) {
            (SaidBefore(zh, _), Lang::Zh) => zh.clone(),
            (SaidBefore(_, en), Lang::En) => en.clone(),
        }
    }
}

pub const READING_PROGRESS: Text = Text::new("读取进度", "Reading progress");
pub const FILE_COULD_NOT_BE_READ: Text = Text::new(
    "无法在后台读取棋谱文件，请重试",
    "The game file could not be read in the background; try again",
);

// Shared by several pages (their word files re-export them).
pub const KNOCKOUT: Text = Text::new("淘汰赛", "Knockout");
pub const NAME: Text = Text::new("姓名", "Name");
pub const RATING: Text = Text::new("等级分", "Rating");
pub const IMPORT_JSON: Text = Text::new("导入 JSON", "Import JSON");
pub const SCORING: Text = Text::new("计分", "Scoring");
pub const BOARD_ORDER: Text = Text::new("台次", "Board order");
pub const FIXED_ORDER_12_1: Text = Text::new("分台定人制 (12.1)", "Fixed order (12.1)");
pub const WITH_SUBSTITUTES_12_2: Text = Text::new("分台换人制 (12.2)", "With substitutes (12.2)");
pub const CHOSEN_PER_MATCH_12_3: Text = Text::new("临时定台制 (12.3)", "Chosen per match (12.3)");
pub const POINTS: Text = Text::new("积分", "Points");
pub const ENTRANTS: Text = Text::new("参赛者", "Entrants");
pub const ADD: Text = Text::new("加入", "Add");
pub const SECOND_TEAM: Text = Text::new("后走队", "Second team");
pub const INDIVIDUAL: Text = Text::new("个人赛", "Individual");
pub const TEAM: Text = Text::new("团体赛", "Team");
pub const BOARDS: Text = Text::new("台数", "Boards");
pub const CREATE: Text = Text::new("创建", "Create");
pub const DELETE_EVENT: Text = Text::new("删除赛事", "Delete event");
pub const BYE: Text = Text::new("轮空", "bye");
