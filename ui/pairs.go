package ui

import (
	"strconv"
	"strings"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/mcp"
)

// pairsPane lists one row per request with its answer, and rows of their
// own for notifications, server requests and foreign answers.
type pairsPane struct {
	c    *common
	list list
	w, h int
}

func newPairsPane(c *common) *pairsPane {
	return &pairsPane{c: c, list: newList()}
}

// SetSize sets the outer size; the border and the header row take room.
func (p *pairsPane) SetSize(w, h int) {
	p.w, p.h = w, h
	p.list.height = max(h-3, 1)
	p.list.clamp(p.c.log.PairCount())
}

// viewShort is the pane drawn h lines high (see shortenable).
func (p *pairsPane) viewShort(focused bool, h int) []string {
	keepList, keepW, keepH := p.list, p.w, p.h
	defer func() { p.list, p.w, p.h = keepList, keepW, keepH }()
	p.SetSize(p.w, h)
	return p.view(focused)
}

// sync follows new rows.
func (p *pairsPane) sync() { p.list.sync(p.c.log.PairCount()) }

// selected is the pair under the cursor, or nil.
func (p *pairsPane) selected() *history.Pair { return p.c.log.Pair(p.list.cursor) }

// Update handles the keys of a focused pairs pane.
func (p *pairsPane) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case tea.KeyMsg:
		p.list.handleKey(p.c.keys, msg, p.c.log.PairCount())
	case tea.MouseMsg:
		p.list.wheel(msg, p.c.log.PairCount())
	}
	return nil
}

// click selects the row at screen line y of the pane.
func (p *pairsPane) click(y int) {
	p.list.selectRow(p.list.offset+y-2, p.c.log.PairCount())
}

// pairColumns are the widths of the columns for an inner width; columns
// that do not fit are dropped (width 0), the least useful first. added,
// the time a proxy added to the answer (+PROXY), is only a proxied
// session's.
type pairColumns struct{ kind, id, method, state, post, resp, added, size int }

// addedWidth holds "+PROXY" and a time the proxy added ("+250µs", "+12ms").
const addedWidth = 7

func columnsFor(w int, proxied bool) pairColumns {
	c := pairColumns{kind: 9, id: 8, state: 12, post: 7, resp: 8, size: 9}
	if proxied {
		c.added = addedWidth
	}
	fixed := func() int {
		n := 0
		for _, x := range []int{c.kind, c.id, c.state, c.post, c.resp, c.added, c.size} {
			if x > 0 {
				n += x + 1
			}
		}
		return n
	}
	// The POST's latency goes first, and already while the method column
	// is too narrow for notifications/initialized or tools/call NAME ·
	// step 2/4 (an 80-column terminal); the rest only when the method
	// would be narrower still. What the proxy added goes before the
	// upstream time it adds to.
	for _, drop := range []struct {
		col  *int
		room int
	}{{&c.post, 26}, {&c.size, 16}, {&c.added, 16}, {&c.resp, 16}, {&c.kind, 16}} {
		if w-fixed()-1 >= drop.room {
			break
		}
		*drop.col = 0
	}
	if c.kind == 0 {
		// Its arrow stays: without it a server's request read as ours
		// ("0  roots/list") and a notification's direction was lost.
		c.kind = 1
	}
	// Every column is followed by a space; the method column's is the -1.
	c.method = max(w-fixed()-1, 1)
	return c
}

// spanned is c for a notification's row whose text is wider than its
// METHOD column and whose columns after it say nothing: STATE the plain
// "received" or "sent" its KIND already says, no times, no size. Its
// text takes their room: "log debug: hello from the…" showed 15 cells of
// the message beside 30 of "received  –  –".
func (c pairColumns) spanned(pr *history.Pair, textW int, state string, rest ...string) pairColumns {
	if pr.Kind != history.KindNotificationIn && pr.Kind != history.KindNotificationOut {
		return c
	}
	if state != "received" && state != "sent" {
		return c
	}
	for _, s := range rest {
		if s != "–" {
			return c
		}
	}
	if textW <= c.method {
		return c
	}
	for _, x := range []*int{&c.state, &c.post, &c.resp, &c.added, &c.size} {
		if *x > 0 {
			c.method += *x + 1
		}
		*x = 0
	}
	return c
}

// kindCell is the KIND column's text in a column w cells wide: the arrow
// alone when only it fits.
func kindCell(kind string, w int) string {
	if w == 1 {
		if r := []rune(kind); len(r) > 0 && kind != "KIND" {
			return string(r[0])
		}
		return ""
	}
	return kind
}

func (p *pairsPane) view(focused bool) []string {
	log := p.c.log
	n := log.PairCount()
	inner := p.w - 2
	// A proxied session, live or replayed (a replay knows it by the
	// client's leg it recorded), has the time the proxy added per row:
	// Detail alone said it, one request at a time.
	cols := columnsFor(inner, p.c.relayed())
	lines := make([]string, 0, p.list.height+1)
	lines = append(lines, p.c.st.Header.Render(p.row(cols, pairCells{"KIND", "ID", "METHOD", "STATE", "POST", "RESP", "+PROXY", "SIZE"})))
	if n == 0 {
		// The hint is wrapped, not cut: at 100 columns the pane is half
		// the width, and "press i to initialize, l to li…" lost the key
		// a first-time user needs.
		hint := "no requests yet: press " + p.c.keys.Initialize.Help().Key + " to initialize, " + p.c.keys.ListTools.Help().Key + " to list tools"
		var note []string
		if p.c.replay && p.c.replayDone {
			hint = "no messages in this recording"
		} else if p.c.replay {
			// "no requests yet in this recording" read as if it had none.
			hint = "no message played yet"
			if k := p.c.replayMessages; k > 0 {
				// Named: the status bar beside it counts records, and
				// "59 to come" read as 59 of those.
				hint += ": " + plural(k, "message") + " to come"
			}
			hint += " (" + p.c.keys.JumpEnd.Help().Key + " jumps to the end)"
		} else if p.c.awaitingClient() {
			hint = "no client has connected yet"
			// Where to point the client is the standing note, which a
			// status bar of 80 columns drops: the pane in front says it.
			if p.c.note != "" {
				note = append([]string{""}, wrapWords(sanitize.Line(p.c.note), max(inner, 1))...)
			}
		} else if p.c.proxied() && log.Stats().State == mcp.StateClosed {
			// "yet" promised more from a session that ended (a stream
			// upstream refused): nothing more can come in it.
			hint = "no requests: the session ended before its client sent any (Negotiation says how)"
		} else if p.c.proxied() {
			hint = "no requests yet from this client"
		} else if log.Stats().State == mcp.StateFailed {
			// i would only say "not connected": the way on is to connect.
			hint = notReady(notConnected, "press "+p.c.keys.Reconnect.Help().Key+" to try again (Negotiation says why it failed)")
		}
		for _, l := range wrapWords(hint, max(inner, 1)) {
			lines = append(lines, p.c.st.Hint.Render(l))
		}
		for _, l := range note {
			lines = append(lines, p.c.st.Info.Render(l))
		}
	}
	start, end := p.list.window(n)
	for i := start; i < end; i++ {
		lines = append(lines, p.renderRow(log.Pair(i), cols, inner, focused && i == p.list.cursor, i == p.list.cursor))
	}
	title := "Pairs " + strconv.Itoa(n)
	if !p.list.follow && n > 0 {
		title += " (" + strconv.Itoa(p.list.cursor+1) + "/" + strconv.Itoa(n) + ")"
	}
	return p.c.frame(title, lines, p.w, p.h, focused)
}

// pairCells are the texts of one row's cells, in column order.
type pairCells struct{ kind, id, method, state, post, resp, added, size string }

// row joins the cells of one line at the column widths.
func (p *pairsPane) row(c pairColumns, v pairCells) string {
	var b strings.Builder
	add := func(s string, w int, right bool) {
		if w <= 0 {
			return
		}
		if right {
			b.WriteString(rcell(s, w))
		} else {
			b.WriteString(cell(s, w))
		}
		b.WriteByte(' ')
	}
	add(kindCell(v.kind, c.kind), c.kind, false)
	add(v.id, c.id, false)
	add(v.method, c.method, false)
	add(v.state, c.state, false)
	add(v.post, c.post, true)
	add(v.resp, c.resp, true)
	add(v.added, c.added, true)
	add(v.size, c.size, true)
	return strings.TrimRight(b.String(), " ")
}

func (p *pairsPane) renderRow(pr *history.Pair, cols pairColumns, inner int, selected, cursor bool) string {
	st := p.c.st
	kind, kindStyle := pairKindLabel(pr), st.Outgoing
	if strings.HasPrefix(kind, "←") {
		kindStyle = st.Incoming
	} else if kind == "→ auto" {
		kindStyle = st.Dim
	}
	state, stateStyle := p.c.pairState(pr)
	post, resp, added, size := "–", "–", "–", "–"
	if a := proxyAdded(pr); a != "" {
		// What relaying it cost on top of upstream's time, as Detail's
		// "proxy added" says it.
		added = a
		if added != "?" {
			added = "+" + added
		}
	}
	if pr.Post != nil {
		post = history.FormatMeasured(pr.PostLatency)
	}
	switch {
	case pr.Latency > 0:
		resp = history.FormatMeasured(pr.Latency)
	case pr.Listening() && !pr.Opening():
		resp = "open"
	case pr.State == history.StatePending && !pr.Sent.IsZero():
		resp = history.FormatDuration(p.c.clock().Sub(pr.Sent))
	default:
		// Given up on without an answer: how long it ran, which STATE
		// says was cancelled or timed out.
		if ran, _ := pr.Unanswered(); ran > 0 {
			resp = history.FormatMeasured(ran)
		}
	}
	if pr.Response != nil {
		size = history.FormatSize(int64(pr.ResponseSize))
	}
	title, progress := methodParts(pr)
	textW := ansi.StringWidth(title)
	if progress != "" {
		textW += ansi.StringWidth(" · " + progress)
	}
	cols = cols.spanned(pr, textW, state, post, resp, added, size)
	method := fitParts(pr, title, progress, cols.method)
	id := wireLine(pr.ID, 64)
	if selected || cursor {
		style := st.SelectedRow
		if !selected {
			// The cursor of an unfocused pane stays visible but quiet.
			style = st.Dim.Reverse(true)
		}
		return style.Render(cell(p.row(cols, pairCells{kind, id, method, state, post, resp, added, size}), inner))
	}
	var b strings.Builder
	sep := st.Row.Render(" ")
	add := func(s string, w int, style lipgloss.Style, right bool) {
		if w <= 0 {
			return
		}
		if right {
			s = rcell(s, w)
		} else {
			s = cell(s, w)
		}
		b.WriteString(style.Render(s))
		b.WriteString(sep)
	}
	add(kindCell(kind, cols.kind), cols.kind, kindStyle, false)
	add(id, cols.id, st.Row, false)
	add(method, cols.method, st.Row, false)
	add(state, cols.state, stateStyle, false)
	add(post, cols.post, st.Dim, true)
	add(resp, cols.resp, st.Dim, true)
	add(added, cols.added, st.Dim, true)
	add(size, cols.size, st.Dim, true)
	return b.String()
}

// pairKindLabel marks rows that are not our own requests.
func pairKindLabel(p *history.Pair) string {
	if p.UnaskedReply() {
		return "→ reply" // it went out, and the server asked nothing
	}
	switch p.Kind {
	case history.KindRequest:
		if p.Request != nil && p.Request.RPC != nil && p.Request.RPC.Auto != "" {
			// mcpscope's own (a Tab's completion/complete, the listing
			// a call sent first): it read as one the user made.
			return "→ auto"
		}
		return "→ request"
	case history.KindNotificationOut:
		return "→ notify"
	case history.KindNotificationIn:
		return "← notify"
	case history.KindServerRequest:
		return "← server"
	case history.KindForeign:
		return "← foreign"
	case history.KindDuplicate:
		return "← again"
	case history.KindBatch:
		return "⇄ batch"
	case history.KindInvalid:
		return "← invalid"
	}
	return string(p.Kind)
}

// proxyAdded is the time a proxy added to pr's answer (history.FormatMeasured),
// "" when none is known: no client's leg, or no answer of upstream's to
// measure it against (upstream could not be reached and the proxy
// answered 502 itself), where "+0" said the proxy added nothing to a wait
// that was all its own.
func proxyAdded(pr *history.Pair) string {
	if pr.Relay == nil || pr.Relay.HTTP == nil || pr.Post == nil {
		return ""
	}
	return history.FormatMeasured(pr.ProxyAdded)
}
