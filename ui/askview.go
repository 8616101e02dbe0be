package ui

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/command"
)

// boxLines draws the question's box, at most h lines of w cells: who asks
// for what, how long is left, what the form wants or the messages to
// reply to, and how to answer.
func (a *askPrompt) boxLines(w, h int) []string {
	q := a.current()
	if q == nil || h < 3 {
		return nil
	}
	st := a.c.st
	inner := max(w-2, 1)
	// What is asked and how long is left come first: on a narrow screen
	// the end of the title is cut.
	title := "asks: " + wireLine(q.Req.Method, 64)
	if q.Req.Key != "" {
		title += " (" + keyShown(q.Req.Key, 64) + ")"
	}
	if left, ok := a.timeLeft(q); ok {
		title += " · " + left + " left"
	}
	if n := len(a.queue); n > 1 {
		title += " · " + plural(n-1, "more question") + " waiting"
	}
	who, ids := askedBy(a.c.log, q.Req)
	title += " · " + who
	for _, id := range ids {
		// The ids that fit whole, the longest first: the box cut
		// "(id 984400…" at 80 columns, an id no one can look up.
		if ansi.StringWidth(st.FocusedTitle.Render(sanitize.Line(title+id))) <= titleRoom(w) {
			title += id
			break
		}
	}
	// The box is drawn every second while the question waits, and a
	// server's form can have 100,000 fields or a message of megabytes: a
	// frame reads only the lines down to a little past the last row
	// shown, enough to count a form of a few dozen fields whole ("lines
	// 1-7 of 28", not "of 9+") and no more.
	rows := h - 2
	top := max(a.top, 0)
	limit := top + rows + askCountAhead
	body := a.bodyLines(q, inner, limit)
	if top > 0 && len(body) <= rows {
		// Scrolled down, then given room for all of it (the terminal
		// grew): it shows whole, and offers no scrolling.
		top = 0
	}
	if top > 0 || len(body) > rows {
		// What does not fit scrolls (pgup/pgdn): the panes wait while
		// the question is open, so the box is the only place to read
		// a long form's fields.
		top = min(top, max(len(body)-(rows-1), 0))
		end := min(top+rows-1, len(body))
		of := fmt.Sprint(len(body))
		if len(body) == limit {
			of += "+" // read no further than that: there may be more
		}
		more := st.Dim.Render(fmt.Sprintf("lines %d-%d of %s · %s/%s scroll", top+1, end, of,
			a.c.keys.AskScrollUp.Help().Key, a.c.keys.AskScrollDown.Help().Key))
		body = append(slices.Clip(body[top:end]), more)
	}
	return a.c.box(st.FocusedPane, st.FocusedTitle.Render(sanitize.Line(title)), body, w, len(body)+2)
}

// askCountAhead is how many lines past the box's last row a frame reads
// of the question, to say how many there are.
const askCountAhead = 40

// bodyLines are the first limit lines of question q's box inside its
// border, inner cells wide: the form or the messages, and how to answer.
func (a *askPrompt) bodyLines(q *Question, inner, limit int) []string {
	st := a.c.st
	var body []string
	full := func() bool { return len(body) >= limit }
	text := func(s string) string { return wireLine(s, limit*inner*4) }
	// wrapHanging wraps s, its continuation lines hang cells further in
	// than its first: a form field's description going on under it, not
	// at the fields' own indent where its last words read as a field.
	wrapHanging := func(s string, style func(...string) string, hang int) {
		if full() {
			return
		}
		indent := len(s) - len(strings.TrimLeft(s, " "))
		for i, l := range wrapWords(strings.TrimLeft(s, " "), max(inner-indent-hang, 8)) {
			switch {
			case i > 0:
				l = blanks(indent+hang) + l
			case indent > 0:
				l = blanks(indent) + l
			}
			body = append(body, style(l))
			if full() {
				return
			}
		}
	}
	// Continuation lines keep the first line's indent.
	wrap := func(s string, style func(...string) string) { wrapHanging(s, style, 0) }
	// What esc does is said once, on the hint row under the input
	// (inputLines): the box's last line is often below its fold.
	switch q.Req.Method {
	case "elicitation/create":
		f := a.form
		wrap(text(f.Message), st.Row.Render)
		switch {
		case f.Mode == "url":
			// mcpscope opens nothing: the person copies the URL, so the
			// box says where it goes, or why it must not be opened.
			if host, caution := command.URLCaution(f.URL); caution != "" {
				wrap("careful: "+sanitize.Line(caution), st.Warning.Render)
				wrap("the URL: "+wireLine(f.URL, 2048), st.Key.Render)
			} else {
				wrap("open "+wireLine(f.URL, 2048), st.Key.Render)
				wrap("a page on "+wireLine(host, 256), st.Dim.Render)
			}
			wrap("then: accept (done) · decline · cancel", st.Hint.Render)
		case f.schemaErr != nil:
			wrap(sanitize.Line(command.UnreadableSchema("the form's requestedSchema", f.schemaErr)), st.Warning.Render)
			wrap("accept key=value … · decline · cancel", st.Hint.Render)
		default:
			for _, p := range schemaProps(f.schema) {
				if full() {
					break
				}
				wrapHanging("  "+wholeOptions(&p, propHint(&p), max(inner-4, 1))+severalHint(&p), st.Dim.Render, 2)
			}
			defaults := ""
			if f.defaults {
				defaults = ", fields left out go with their defaults"
			}
			// Tab is said once, in the input's placeholder (start), seen
			// where the answer is typed: this line is often below the
			// box's fold.
			wrap("accept key=value … (key:=json for raw JSON"+defaults+") · decline · cancel", st.Hint.Render)
		}
	default:
		wrap(text(a.said), st.Row.Render)
		wrap("the reply goes back as the assistant's text", st.Hint.Render)
	}
	return body
}

// wholeOptions is a form field's hint with each option of its titled enum
// kept whole on its row, " | " between them, and cut (cutAtWord) when
// wider than room: wrapped at its spaces, "prod (Production," ended a line
// and "all regions at once)" began the next, read as an option of its own.
// The spaces in an option are no-break spaces, as hintWord's around "·".
// A multiple choice ("array of enum: ") is kept so too: its options broke
// as "fish-2" on one row and "(Salmon)" on the next.
func wholeOptions(p *command.Property, hint string, room int) string {
	enum, choice := "enum: ", p.Schema
	typ := hintWord(p.Schema.TypeString())
	if many := "array of enum: "; strings.HasPrefix(typ, many) && choice != nil && choice.Items != nil {
		enum, choice = many, choice.Items
	}
	at := strings.Index(hint, typ)
	if len(choice.ChoiceTitles()) == 0 || !strings.HasPrefix(typ, enum) || at < 0 {
		return hint // no titles: no option has a space to break at
	}
	opts := strings.Split(typ[len(enum):], "|")
	for i, o := range opts {
		opts[i] = unbroken(cutAtWord(o, max(room-2, 1)))
	}
	// The bar ends its option's row: one starting the next read as
	// part of the option after it.
	return hint[:at] + enum + strings.Join(opts, "\u00a0| ") + hint[at+len(typ):]
}

// scroll moves the box of the open question by rows lines, within its
// body: at most to where its last line is the box's last.
func (a *askPrompt) scroll(rows int) {
	q := a.current()
	if q == nil {
		return
	}
	visible := max(a.h-3, 1)
	top := max(a.top+rows, 0)
	body := a.bodyLines(q, max(a.w-2, 1), top+visible)
	a.top = min(top, max(len(body)-visible, 0))
}

// timeLeft is how long the session still waits for the answer.
func (a *askPrompt) timeLeft(q *Question) (string, bool) {
	d, ok := q.deadline()
	if !ok {
		return "", false
	}
	left := d.Sub(a.c.now()).Round(time.Second)
	if left < 0 {
		left = 0
	}
	return left.String(), true
}

// inputLines are the command line's lines while a question is open: the
// input, then the outcome of the last Enter wrapped over as many rows as it
// needs (as the command line's is: what to do comes at the end of a
// warning, and one row cut it off on an 80-column terminal), or one row of
// candidates or what keys do.
func (a *askPrompt) inputLines() []string {
	st := a.c.st
	lines := []string{dropInvisible(a.input.View())}
	if rows, style := a.outcome(); len(rows) > 0 {
		for _, r := range rows {
			lines = append(lines, style.Render(r))
		}
		return lines
	}
	if a.cycle != nil {
		// A row of its own: the whole width, not the input's after its
		// prompt.
		return append(lines, drawCandidates(st, a.cycle, a.w, 1)...)
	}
	if note := a.nothingToComplete(); a.fruitless && note != "" {
		// Wrapped as Enter's refusal is: a list's example ("k=Piano
		// k=Drums") was cut mid-word at 80 columns.
		for _, r := range wrapRows(note, a.w, maxCmdLineHeight-1) {
			lines = append(lines, st.Hint.Render(r))
		}
		return lines
	}
	if h := a.fieldHint(); h != "" {
		return append(lines, st.Hint.Render(h))
	}
	keys := a.c.keys.Submit.Help().Key + " answers · " + a.c.keys.Cancel.Help().Key + " " + a.escDoes()
	if panes := keys + " · the panes wait until this is answered"; ansi.StringWidth(panes) <= a.w {
		// Left out whole when it does not fit: a 2026 round's longer
		// esc words cut it mid-word at 80 columns ("the panes wait u…").
		keys = panes
	}
	return append(lines, st.Hint.Render(keys))
}

// outcome is the last Enter's refusal or warnings in rows (see
// lineOutcome.outcomeRows); the layout gives the prompt as many rows.
func (a *askPrompt) outcome() ([]string, lipgloss.Style) {
	return a.outcomeRows(a.c.st, a.c.keys, "answers", a.w)
}

// askedBy says who asks, from the record that asked: for an
// input_required answer (2026) the request it answered, for a server
// request (2025) the request whose stream it came on, when the log says.
// The record may not be in the log yet: questions and records travel apart.
// ids are what may follow who, the most said first, for the title to
// take the first that fits.
func askedBy(log *history.Log, req mcp.InputRequest) (who string, ids []string) {
	i := indexOfSeq(log, req.Seq)
	r := log.At(i)
	if r == nil || r.Seq != req.Seq || r.RPC == nil {
		return "from the server", nil
	}
	switch r.RPC.Class {
	case mcp.ClassResponse, mcp.ClassLate:
		if p := log.PairOf(r.RPC.ReqSeq); p != nil {
			return "from " + pairTitle(p), []string{" (id " + wireLine(p.ID, 64) + ")"}
		}
	case mcp.ClassServerRequest:
		// The call of ours it came during first: on 80 columns the end
		// of the title is cut, and which call asks is what matters.
		theirs := "the server's request " + wireLine(r.RPC.ID, 64)
		if p := carrierOf(log, r); p != nil {
			ours := "id " + wireLine(p.ID, 64)
			return "during " + pairTitle(p), []string{" (" + ours + "; " + theirs + ")", " (" + ours + ")"}
		}
		if task, ok := mcp.RelatedTask(req.Params); ok {
			// On the legacy stream no request's stream says whose it
			// is, but its _meta names the task (server-everything's
			// research query asking which topic is meant).
			return "for task " + wireLine(task, 64), []string{" (" + theirs + ")"}
		}
		return "from the server", []string{" (its request " + wireLine(r.RPC.ID, 64) + ")"}
	}
	return "from the server", nil
}

// indexOfSeq finds the record with Seq seq by binary search: Seqs only
// grow along the log.
func indexOfSeq(log *history.Log, seq int64) int {
	return sort.Search(log.Len(), func(i int) bool { return log.At(i).Seq >= seq })
}

// askTickMsg redraws the time left on an open question.
type askTickMsg struct{}
