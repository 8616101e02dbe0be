package ui

import (
	"fmt"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/textinput"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/mcpscope/mcpscope/internal/clip"
	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/internal/wrap"
	"github.com/mcpscope/mcpscope/themes"
)

// frame draws a bordered pane of exactly w x h cells: the title sits in the
// top border, lines fill the inside (cut or padded to fit). The border comes
// from the theme's Pane or FocusedPane style, so focus never shifts layout.
func (c *common) frame(title string, lines []string, w, h int, focused bool) []string {
	box, titleStyle := c.st.Pane, c.st.Title
	if focused {
		box, titleStyle = c.st.FocusedPane, c.st.FocusedTitle
	}
	return c.box(box, titleStyle.Render(title), lines, w, h)
}

// titleRoom is the width of the widest rendered title box leaves whole in
// a box w cells wide: its corners and a cell of border after the title
// take the rest, and a longer title is cut with "… ".
func titleRoom(w int) int { return w - 4 }

// box draws lines in a w x h box with the border and colours of style and
// an already rendered title in the top border. The border is drawn here,
// not by lipgloss, so the cost is one line per row and nothing but the
// style's colours reaches the terminal.
func (c *common) box(box lipgloss.Style, t string, lines []string, w, h int) []string {
	if w < 2 || h < 2 {
		return blankLines(w, h)
	}
	b := box.GetBorderStyle()
	edge := lipgloss.NewStyle().Foreground(box.GetBorderTopForeground()).Background(box.GetBorderTopBackground())
	innerW := w - 2
	out := make([]string, 0, h)

	if room := titleRoom(w); ansi.StringWidth(t) > room {
		// The space after "…" is the title's padding, cut with its end:
		// "trigger-elicitatio…─╮" ran the title into the border.
		t = ansi.Truncate(t, room, "… ")
	}
	fill := innerW - 1 - ansi.StringWidth(t)
	if fill < 0 {
		fill = 0
	}
	out = append(out, edge.Render(b.TopLeft+b.Top)+t+edge.Render(strings.Repeat(b.Top, fill)+b.TopRight))

	left, right := edge.Render(b.Left), edge.Render(b.Right)
	for i := 0; i < h-2; i++ {
		var line string
		if i < len(lines) {
			line = lines[i]
		}
		out = append(out, left+c.fit(line, innerW)+right)
	}
	out = append(out, edge.Render(b.BottomLeft+strings.Repeat(b.Bottom, innerW)+b.BottomRight))
	return out
}

// fit cuts or pads an already styled line to exactly w cells. Padding is
// drawn with the App style so a themed background stays painted.
func (c *common) fit(line string, w int) string {
	n := ansi.StringWidth(line)
	if n > w {
		line = ansi.Truncate(line, w, "…")
		n = ansi.StringWidth(line)
	}
	if n < w {
		line += c.pad.apply(blanks(w - n))
	}
	return line
}

// painted is line with the App style started at its beginning and again
// after every reset, so the blanks lipgloss and bubbles leave unstyled (the
// gap between a key and its words in help, a short column's padding, the
// margins around a centred box) show the theme's background rather than
// holes of the terminal's own.
func (c *common) painted(line string) string {
	pre := c.pad.pre
	if !c.pad.fast || pre == "" {
		return line
	}
	return pre + strings.ReplaceAll(line, ansiReset, ansiReset+pre) + c.pad.suf
}

// ansiReset is the SGR reset lipgloss ends every styled span with.
const ansiReset = "\x1b[0m"

// spaces is a line of blanks wide enough for any terminal; blanks slices it.
var spaces = strings.Repeat(" ", 512)

// blanks is n spaces, without allocating for any width a terminal has.
func blanks(n int) string {
	if n <= len(spaces) {
		return spaces[:n]
	}
	return strings.Repeat(" ", n)
}

// blankLines is h lines of w spaces.
func blankLines(w, h int) []string {
	if h <= 0 {
		return nil
	}
	if w < 0 {
		w = 0
	}
	out := make([]string, h)
	for i := range out {
		out[i] = strings.Repeat(" ", w)
	}
	return out
}

// cell cuts or pads plain text to exactly w cells, so columns line up.
func cell(s string, w int) string {
	if w <= 0 {
		return ""
	}
	n := ansi.StringWidth(s)
	if n > w {
		s = cutOnce(s, w)
		n = ansi.StringWidth(s)
	}
	return s + blanks(w-n)
}

// cutOnce is plain text s, wider than w cells, cut to w with one "…": a
// cut falling just after an ellipsis of the text's own ("×38 : ping 151 …
// : ping 188", first … newest) keeps that one, where another after it read
// "×38 : ping 151 ……".
func cutOnce(s string, w int) string {
	kept := ansi.Truncate(s, w-1, "")
	if own := strings.TrimRight(kept, " "); strings.HasSuffix(own, "…") {
		return own
	}
	return kept + "…"
}

// rcell is cell aligned right, for numbers.
func rcell(s string, w int) string {
	if w <= 0 {
		return ""
	}
	n := ansi.StringWidth(s)
	if n > w {
		return ansi.Truncate(s, w, "…")
	}
	return blanks(w-n) + s
}

// wireLine makes server text drawable on one line. It looks at no more than
// max bytes, so a 20 MB string costs what a screen line costs.
func wireLine(s string, max int) string {
	return sanitize.Line(clip.Prefix(s, max))
}

// firstLine is the first line of s (at most max bytes), sanitized.
func firstLine(s string, max int) string {
	return sanitize.Line(clip.FirstLine(clip.Prefix(s, max)))
}

// sinceConnect formats an offset from the connection's start: +12.345s,
// then +16m40.1s, then +1h2m3s, then +4d4h. It is at most 9 cells wide
// (the TIME column of Raw events): "+1000.000s" was cut to "+1000.00…"
// from a quarter of an hour in. An offset of 10000 days or more is a
// clock that jumped (a hostile or edited recording) and reads "?", as
// the Pairs pane's times no exchange can take do: an event stamped 300
// years ahead read "+2562047…", the column widened for it.
func sinceConnect(d time.Duration) string {
	const day = 24 * time.Hour
	switch {
	case d < 0:
		d = 0
	case d >= 10000*day:
		return "?"
	case d >= 100*time.Hour:
		return fmt.Sprintf("+%dd%dh", d/day, (d%day)/time.Hour)
	case d >= time.Hour:
		return "+" + d.Round(time.Second).String()
	case d >= 10*time.Minute:
		return "+" + d.Round(100*time.Millisecond).String()
	}
	return fmt.Sprintf("+%.3fs", d.Seconds())
}

// cutAtWord is plain text s cut to w cells, "…" in place of the rest, after
// its last whole word when one ends in the last third of the room: a tool's
// description cut to "Greets a pe…", or a list of names to "link_accoun…",
// read as words of those names. The space before "…" says the word before
// it is whole. A long token (a URL) is cut where the room ends.
func cutAtWord(s string, w int) string {
	if ansi.StringWidth(s) <= w {
		return s
	}
	if w < 1 {
		return ""
	}
	head := ansi.Truncate(s, w-1, "")
	if sp := strings.LastIndexByte(head, ' '); sp > 0 && ansi.StringWidth(head[:sp]) >= w*2/3 {
		// One space before "…", where the row cut after "complete)  "
		// read "(alias: complete)  …".
		return strings.TrimRight(head[:sp], " ") + " …"
	}
	return head + "…"
}

// cutPath is a slash-separated name (a method) cut to w cells so that it
// still reads as words: its last segment, which tells it from its
// neighbours, whole, and what comes before it cut at its end, where a
// word's start is kept ("subscr…/acknowledged"); a last segment too wide
// for that keeps its end. Cut at its start, "…ubscriptions/acknowledged"
// began in the middle of a word.
func cutPath(s string, w int) string {
	n := ansi.StringWidth(s)
	if n <= w {
		return s
	}
	if w < 1 {
		return ""
	}
	i := strings.LastIndexByte(s, '/')
	if i <= 0 || ansi.StringWidth(s[i:])+2 > w {
		return "…" + ansi.TruncateLeft(s, n-(w-1), "")
	}
	return ansi.Truncate(s[:i], w-ansi.StringWidth(s[i:]), "…") + s[i:]
}

// cutNotification is rest, a notification's name after "notifications/",
// cut to w cells, too few for "…/" and the whole of it: "…/" says what was
// dropped at every width, and the rest is cut as a path (cutPath,
// "…/subscr…/acknowledged"), or is its last segment alone. At 80 columns
// "subscriptions/acknowledged" just fit and said nothing was dropped,
// where 160 read "…/subscriptions/acknowledged". Too narrow for any of
// that, it is cutPath's, which begins with "…".
func cutNotification(rest string, w int) string {
	i := strings.LastIndexByte(rest, '/')
	switch {
	case i > 0 && ansi.StringWidth(rest[i:])+2 <= w-2:
		return "…/" + cutPath(rest, w-2)
	case i > 0 && ansi.StringWidth(rest[i+1:])+2 <= w:
		return "…/" + rest[i+1:]
	case i <= 0 && w > 3:
		return "…/" + ansi.Truncate(rest, w-2, "…")
	}
	return cutPath(rest, w)
}

// wrapWords wraps plain text to room columns at its spaces only (see
// wrap.Words, the one wrapping of plain text).
func wrapWords(value string, room int) []string { return wrap.Words(value, room) }

// wrapRows is wrapWords in at most n rows: what is left over is joined onto
// the last one, which the drawing cuts with ….
func wrapRows(text string, room, n int) []string {
	rows := wrapWords(text, room)
	if len(rows) > n {
		rows = append(rows[:n-1], strings.Join(rows[n-1:], " "))
	}
	return rows
}

// styleInput dresses a text input in the theme's input styles.
func styleInput(in *textinput.Model, ts themes.TextInputStyles) {
	in.PromptStyle, in.TextStyle, in.PlaceholderStyle, in.CompletionStyle = ts.Prompt, ts.Text, ts.Placeholder, ts.Completion
	in.Cursor.Style, in.Cursor.TextStyle = ts.Cursor, ts.Text
}
