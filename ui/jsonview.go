package ui

import (
	"fmt"
	"math"
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/themes"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/internal/clip"
)

// prettyGrowth bounds the output of the printer: at most this many bytes of
// text per byte it may look at. Indenting ordinary JSON grows it by far
// less, and plain text at most quadruples when sanitized (a tab becomes
// four spaces), so only pathological JSON (a one-byte value per line, 32
// levels deep) reaches the cap and is cut with a notice.
const prettyGrowth = 4

// shownInPart ends the size of what a message too large to draw left out,
// in the notice under what was drawn.
const shownInPart = " more not shown"

// JSONLines renders raw JSON as display lines: pretty (indented, syntax
// coloured with st.JSONKey, st.JSONString, ...) or raw (the exact bytes,
// sanitized, wrapped at width). Non-JSON input is shown as sanitized text.
// At most limit bytes of raw are looked at and at most prettyGrowth times
// that much text is written; what is left out is counted in a final line,
// so a 60 MB response or 100,000 levels of nesting cost what a screenful
// of text costs, in time linear in what was looked at. Every returned line
// is already sanitized and styled. width <= 0 does not wrap; limit <= 0
// means detailLimit.
//
// Pretty mode keeps string literals exactly as they were written, escapes
// included, so "\u001b[2J" shows as those characters and a debugger user
// sees what the server really sent. Nesting deeper than maxIndentDepth is
// printed on one line.
func JSONLines(raw string, st *themes.Styles, pretty bool, width, limit int) []string {
	lines, _, _ := jsonLines(raw, st, pretty, width, limit)
	return lines
}

// jsonLines is JSONLines, the lines that continue the one above where it
// was wrapped at width (ascending), and whether some of raw was left out.
func jsonLines(raw string, st *themes.Styles, pretty bool, width, limit int) ([]string, []int, bool) {
	if len(raw) == 0 {
		return []string{st.Dim.Render("(empty)")}, nil, false
	}
	if limit <= 0 {
		limit = detailLimit
	}
	data, omitted := cutAt(raw, limit)
	var lines []string
	var cont []int
	if pretty {
		w := newLineWriter(st, width, len(data), prettyGrowth*limit)
		if ok, printed := prettyJSON(w, data, omitted > 0); ok {
			lines, cont = w.finish(), w.cont
			omitted += len(data) - printed
		}
	}
	if lines == nil {
		w := newLineWriter(st, width, len(data), prettyGrowth*limit)
		textLines(w, data)
		lines, cont = w.finish(), w.cont
	}
	if omitted > 0 {
		notice := fmt.Sprintf("… %s"+shownInPart+" (%s in all)", history.FormatSize(int64(omitted)), history.FormatSize(int64(len(raw))))
		if width > 0 {
			notice = ansi.Truncate(notice, width, "…")
		}
		lines = append(lines, st.Warning.Render(notice))
	}
	return lines, cont, omitted > 0
}

// PrettyText is raw as JSONLines prints it, as plain text without colours
// or wrapping, for exec's output: the same printer, the same bounds.
func PrettyText(raw string, limit int) string {
	return strings.Join(JSONLines(raw, &themes.Styles{}, true, 0, limit), "\n")
}

// cutAt returns at most limit bytes of raw, backing off to a rune boundary so
// the cut does not show a replacement character, and how many bytes it left out.
func cutAt(raw string, limit int) (string, int) {
	if len(raw) <= limit {
		return raw, 0
	}
	cut := clip.Prefix(raw, limit)
	return cut, len(raw) - len(cut)
}

// textLines writes data as sanitized text, one display line per line of
// input, wrapped at the writer's width.
func textLines(w *lineWriter, data string) {
	w.contIndent = 0
	text := sanitize.Text(data)
	for start := 0; ; {
		end := start
		for end < len(text) && text[end] != '\n' {
			end++
		}
		w.write(kindPlain, text[start:end])
		if end >= len(text) {
			return
		}
		w.newline(0)
		start = end + 1
	}
}

// kind is what a span of a display line shows; it picks the style.
type kind int

const (
	kindPlain kind = iota
	kindKey
	kindString
	kindNumber
	kindBool
	kindNull
	kindPunct
	kindCount
)

// paint applies one style. Rendering every token through lipgloss costs
// microseconds each, too slow for a megabyte of JSON, so when the style is a
// pure prefix/suffix (colours and attributes only) those are computed once
// and written around each span.
type paint struct {
	fast     bool
	pre, suf string
	render   func(...string) string
}

func newPaint(render func(...string) string) paint {
	const sentinel = "\uE000"
	out := render(sentinel)
	for i := 0; i+len(sentinel) <= len(out); i++ {
		if out[i:i+len(sentinel)] != sentinel {
			continue
		}
		p := paint{fast: true, pre: out[:i], suf: out[i+len(sentinel):], render: render}
		// A style with padding, width or transforms does more than wrap;
		// check a sample with a space and fall back to Render if it differs.
		if render("a b") == p.pre+"a b"+p.suf {
			return p
		}
		break
	}
	return paint{render: render}
}

// lineWriter collects styled display lines and wraps them at width. It
// holds at most limit bytes of text (styles not counted) and drops the rest.
type lineWriter struct {
	width      int
	limit      int // 0 for no limit
	used       int // bytes of text written
	contIndent int // indentation of continuation lines of a wrapped line
	col        int
	onlyIndent bool // the current line holds nothing but indentation
	// buf holds every line back to back and ends the offsets where they
	// stop: one allocation for the whole text instead of one per line.
	buf       []byte
	ends      []int
	lineStart int
	paints    [kindCount]paint
	// held is a value (or key) not written yet: the piece after it may be
	// punctuation to keep on its row (jsonSink).
	held     string
	heldKind kind
	// cont are the lines that continue the one above, wrapped at the
	// width rather than begun by the text: a reader's place across a
	// resize is kept on the line as the text has it (detailplace.go).
	cont []int
}

// newLineWriter returns a writer for about size bytes of input that holds
// at most limit bytes of text (0: no limit).
func newLineWriter(st *themes.Styles, width, size, limit int) *lineWriter {
	// Pretty printing adds indentation; twice the input is rarely outgrown.
	w := &lineWriter{width: width, limit: limit, onlyIndent: true, buf: make([]byte, 0, 2*size)}
	w.paints[kindPlain] = newPaint(st.App.Render)
	w.paints[kindKey] = newPaint(st.JSONKey.Render)
	w.paints[kindString] = newPaint(st.JSONString.Render)
	w.paints[kindNumber] = newPaint(st.JSONNumber.Render)
	w.paints[kindBool] = newPaint(st.JSONBool.Render)
	w.paints[kindNull] = newPaint(st.JSONNull.Render)
	w.paints[kindPunct] = newPaint(st.JSONPunct.Render)
	return w
}

// room is how many more bytes of text the writer holds.
func (w *lineWriter) room() int {
	if w.limit <= 0 {
		return math.MaxInt
	}
	return max(w.limit-w.used, 0)
}

// full reports whether the writer holds all it can.
func (w *lineWriter) full() bool { return w.room() == 0 }

// write adds text (already sanitized, without line breaks) to the current
// line, wrapping it where it passes the width. What does not fit in the
// writer's limit is dropped.
func (w *lineWriter) write(k kind, text string) { w.writeKeeping(k, text, 0) }

// writeKeeping is write for text that trail columns (the punctuation after
// a value) must follow on its last row: a value that would end at the very
// edge leaves its last grapheme, or word, for the next row, so that a comma
// does not wrap onto a row of its own.
func (w *lineWriter) writeKeeping(k kind, text string, trail int) {
	if r := w.room(); len(text) > r {
		text = clip.Prefix(text, r)
	}
	if w.width <= 0 {
		w.emit(k, text)
		w.onlyIndent = w.onlyIndent && text == ""
		return
	}
	for wrapped := false; text != ""; wrapped = true {
		n, cols := fit(text, w.width-w.col)
		if n == 0 {
			switch {
			case !w.onlyIndent:
				w.wrap()
				continue
			case w.col > 0:
				// A wide rune does not fit after the indentation.
				w.buf, w.col = w.buf[:w.lineStart], 0
				continue
			}
			// Not even one grapheme fits on an empty line: show it anyway
			// rather than loop forever.
			cl, cw := ansi.FirstGraphemeCluster(text, ansi.GraphemeWidth)
			n, cols = len(cl), cw
		}
		if room := w.width - w.col; n == len(text) && trail > 0 && cols+trail > room && trail < w.width {
			// All of it fits, but not its punctuation after it.
			n, cols = fit(text, room-trail)
			if n == 0 {
				if !w.onlyIndent {
					w.wrap()
					continue
				}
				// Not one grapheme and the punctuation fit after the
				// indentation: as it is.
				n, cols = fit(text, room)
			}
		}
		switch {
		case k == kindString && n < len(text):
			n, cols = wordBreak(text, n, cols, w.width)
			if strings.TrimLeft(text[n:], " ") == `"` && n > 1 {
				// Only the closing quote left for the next row read
				// '",' alone there: its last word, or grapheme, goes
				// with it. Not when that leaves nothing on this row (one
				// wide grapheme on a narrow pane): it would wrap for ever.
				if m, mc := fit(text, cols-1); m > 0 {
					n, cols = wordBreak(text, m, mc, w.width)
				}
			}
		case k == kindString && wrapped:
			// A string already on rows of its own goes on a line of its
			// text per row to its end: the last rows ran "שלום\n表格\n"
			// together because they fit.
			if nl := firstEscapedNewline(text); nl > 0 && nl < n {
				n, cols = nl, cols-ansi.StringWidth(text[nl:n])
			}
		}
		w.emit(k, text[:n])
		w.onlyIndent = false
		w.col += cols
		text = text[n:]
		if text != "" {
			w.wrap()
		}
	}
}

// wordBreak moves the end of a string's line that must wrap after n bytes
// (cols columns) back to just after its first escaped newline (so a
// multi-line text reads a line per row, however long its lines are: the
// row ends where the text's line does, as in a pager) or else after its
// last space (so prose, a tool's description, wraps between words and the
// next row starts with a word). A row that would lose more than a third of
// the width to a space keeps its hard break: a long token (a URL, base64)
// is better cut than left on a stub.
func wordBreak(text string, n, cols, width int) (int, int) {
	if nl := firstEscapedNewline(text[:n]); nl > 0 && nl < n {
		return nl, cols - ansi.StringWidth(text[nl:n])
	}
	sp := strings.LastIndexByte(text[:n], ' ')
	if sp <= 0 || sp+1 == n {
		return n, cols
	}
	at := sp + 1
	cut := ansi.StringWidth(text[at:n])
	if cut > width/3 {
		return n, cols
	}
	return at, cols - cut
}

// firstEscapedNewline is the offset just after the first \n escape in s (a
// backslash that is not itself escaped, then n), or -1.
func firstEscapedNewline(s string) int {
	for i := 0; i+1 < len(s); i++ {
		if s[i] != '\\' {
			continue
		}
		if s[i+1] == 'n' {
			return i + 2
		}
		i++ // an escape of two bytes: \\ is not the start of \n
	}
	return -1
}

// fit returns how many bytes of text fill at most room columns, whole
// graphemes only, and their width.
func fit(text string, room int) (int, int) {
	i, cols := 0, 0
	for i < len(text) && cols < room {
		// ASCII followed by ASCII is one column; anything else may be part
		// of a cluster (combining marks, emoji sequences) and is measured.
		if text[i] < utf8.RuneSelf && (i+1 == len(text) || text[i+1] < utf8.RuneSelf) {
			i++
			cols++
			continue
		}
		cl, cw := ansi.FirstGraphemeCluster(text[i:], ansi.GraphemeWidth)
		if cols+cw > room {
			break
		}
		i += len(cl)
		cols += cw
	}
	return i, cols
}

// apply is s in the style.
func (p *paint) apply(s string) string {
	if !p.fast {
		return p.render(s)
	}
	if p.pre == "" && p.suf == "" {
		return s
	}
	return p.pre + s + p.suf
}

func (w *lineWriter) emit(k kind, s string) {
	if s == "" {
		return
	}
	w.used += len(s)
	p := &w.paints[k]
	if p.fast {
		w.buf = append(w.buf, p.pre...)
		w.buf = append(w.buf, s...)
		w.buf = append(w.buf, p.suf...)
		return
	}
	w.buf = append(w.buf, p.render(s)...)
}

// indentWidth caps indentation at half the width so deep nesting in a narrow
// pane still leaves room for the values.
func (w *lineWriter) indentWidth() int {
	if w.width > 0 && w.contIndent > w.width/2 {
		return w.width / 2
	}
	return w.contIndent
}

func (w *lineWriter) wrap() {
	w.endLine()
	w.cont = append(w.cont, len(w.ends))
	w.indent(w.indentWidth())
}

func (w *lineWriter) endLine() {
	w.ends = append(w.ends, len(w.buf))
	w.lineStart = len(w.buf)
	w.col = 0
}

// newline ends the current line and starts one indented by n columns.
func (w *lineWriter) newline(n int) {
	w.endLine()
	w.contIndent = n
	w.indent(w.indentWidth())
}

func (w *lineWriter) indent(n int) {
	w.onlyIndent = true
	n = min(n, w.room())
	w.emit(kindPlain, blanks(n))
	w.col += n
}

func (w *lineWriter) finish() []string {
	if w.full() && w.onlyIndent && len(w.ends) > 0 {
		// The writer filled up after starting a line: drop its indentation.
		w.buf, w.ends = w.buf[:w.ends[len(w.ends)-1]], w.ends[:len(w.ends)-1]
		if n := len(w.cont); n > 0 && w.cont[n-1] > len(w.ends) {
			w.cont = w.cont[:n-1] // the line dropped was a wrapped one's
		}
	}
	all := string(w.buf)
	lines := make([]string, 0, len(w.ends)+2) // room for the cut notice
	start := 0
	for _, end := range append(w.ends, len(all)) {
		lines = append(lines, all[start:end])
		start = end
	}
	return lines
}
