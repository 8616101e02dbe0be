package ui

import (
	"fmt"
	"strings"
	"time"

	"github.com/charmbracelet/lipgloss"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/internal/advice"
	"github.com/mcpscope/mcpscope/internal/clip"
	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/command"
	"github.com/mcpscope/mcpscope/themes"
)

// detailLimit is how much of a message the detail pane renders; the rest
// is counted, not drawn, so a 20 MB answer costs a 1 MiB render once.
const detailLimit = 1 << 20

// inlineFormat is how many bytes of messages the detail pane formats on the
// update loop (about a millisecond); more is formatted in a command.
const inlineFormat = 64 << 10

// detailInput is everything the detail pane's lines are made of, taken in
// Update. Records never change once logged and the row is a copy, so the
// lines can be formatted on another goroutine while the Log grows.
type detailInput struct {
	st     *themes.Styles
	width  int // inner width
	pretty bool
	note   string
	open   string // the key that opens a pair or an event, for the empty pane
	// cancel is the key that cancels a pending request of ours; "" where
	// none can be (a replay, a proxied client's session).
	cancel string

	pair       *history.Pair // a copy of the row, or nil
	state      string
	stateStyle lipgloss.Style
	event      *mcp.Record
	run        history.EventRun // what event's row stands for: a run of keep-alives, or itself
	t0         time.Time        // when the session connected

	// Facts that need the Log, looked up in Update so format can run on
	// another goroutine: which stream the response (or the event, or the
	// server's request or notification) came on, and the id of a chain's
	// first round.
	respVia, eventVia, reqVia string
	chainFirst                string
	// asked is what the session knew of the request an error answered:
	// the session's transport (which decides the era), its method and the
	// capabilities the server declared, which decide what the error's
	// advice says; audience is who acts on it.
	asked    advice.Asked
	audience advice.Audience
	// relayed says the session is a proxy's: its exchanges are upstream
	// legs (statusText).
	relayed bool
	// modern is set on a 2026-07-28 session, by the version it settled on
	// as well as by its transport: a proxied client's session has no
	// transport of mcpscope's choosing, and resultType is read the same.
	modern bool
	// older is the version a session of an earlier era settled on
	// (2025-11-25), "" for a 2026 session or one whose version is not
	// known: its answers' resultType, ttlMs and cacheScope are the
	// server's own fields, which 2026 gives a meaning.
	older string
	// recording is the file the records are in, where a message too large
	// to draw can be read whole; "" when there is none.
	recording string
	// unfinished is the bytes of the event a waiting request's answer
	// stream stopped inside, "" for none (detailPane.unfinishedOf).
	unfinished string

	// headRows are the rows above the first section: the heading, its
	// timing, and the waiting line or the warnings about the answer. The
	// one goes and the others come with the answer, and the timing grows:
	// the pane moves the reader by as many rows so the text they read
	// stays in its place.
	headRows int
	// warned says the answer's warnings are under the heading.
	warned bool

	// inPart is set by format when the lines leave out part of what they
	// show (a message too large to draw, comment lines past the cap), so
	// a search that finds nothing can say where it looked.
	inPart bool
	// cont are the lines format made that continue the one above, wrapped
	// at the width (ascending): the pane keeps a reader's place on the
	// line itself across a resize (detailplace.go).
	cont []int
}

// row appends one row of a line wrapped at the width; i is its index
// among the line's rows, so every row after the first is noted as a
// continuation.
func (in *detailInput) row(out []string, i int, text string) []string {
	if i > 0 {
		in.cont = append(in.cont, len(out))
	}
	return append(out, text)
}

// json appends JSONLines of raw at the pane's width and limit to out,
// noting in inPart when some of raw is left out.
func (in *detailInput) json(out []string, raw string, pretty bool) []string {
	lines, cont, cut := jsonLines(raw, in.st, pretty, in.width, detailLimit)
	in.inPart = in.inPart || cut
	for _, c := range cont {
		in.cont = append(in.cont, len(out)+c)
	}
	out = append(out, lines...)
	if cut && in.recording != "" {
		// "more not shown" alone left the user nowhere to go for the rest.
		for i, row := range wrapRows(wholeInRecording(in.recording), in.width, 6) {
			out = in.row(out, i, in.st.Hint.Render(row))
		}
	}
	return out
}

// wholeInRecording says where a message too large to draw can be read
// whole: the recording holds every byte, and export writes it out.
func wholeInRecording(path string) string {
	return "all of it is in the recording: mcpscope export --format json " + command.ShellPath(path)
}

// detailFormattedMsg carries lines formatted off the update loop.
type detailFormattedMsg struct {
	key      detailKey
	lines    []string
	respLine int
	inPart   bool
	cont     []int
}

// cost is how many bytes of messages formatting reads.
func (in *detailInput) cost() int {
	n := 0
	add := func(s string) { n += min(len(s), detailLimit) }
	rpc := func(r *mcp.Record) {
		if r != nil && r.RPC != nil {
			add(string(r.RPC.Raw))
		}
	}
	if p := in.pair; p != nil {
		rpc(p.Request)
		rpc(p.Response)
		rpc(p.Reply)
		if p.Failure != nil && p.Failure.Error != nil {
			add(p.Failure.Error.Message)
			// Detail shows history.GivenMost of them at most.
			shown := 0
			for _, given := range p.Failure.Error.Given {
				if shown++; shown > history.GivenMost {
					break
				}
				add(string(given))
			}
		}
		if p.Post != nil && p.Post.HTTP != nil {
			add(string(p.Post.HTTP.Body))
		}
		add(in.unfinished)
	}
	if r := in.event; r != nil && r.Event != nil {
		add(string(r.Event.Raw))
	}
	return n
}

// format makes the pane's lines, and says where the Response section
// starts (-1: none).
func (in *detailInput) format() ([]string, int) {
	in.cont = nil
	switch {
	case in.pair != nil:
		return in.pairLines()
	case in.event != nil:
		return in.eventLines(), -1
	}
	return in.emptyLines(), -1
}

// placeholder is what the pane shows while format runs in a command: the
// heading, and what is being formatted.
func (in *detailInput) placeholder() []string {
	var head []string
	if in.pair != nil {
		head = in.pairHead()
	} else {
		head = in.eventHead()
	}
	return append(head, "", in.st.Hint.Render("formatting "+history.FormatSize(int64(in.cost()))+"…"))
}

// emptyLines say how to fill the pane, and show the standing note (such
// as how to leave the demo for a real gateway) where there is room for it.
func (in *detailInput) emptyLines() []string {
	out := []string{in.st.Hint.Render("select a pair or an event and press " + in.open)}
	if in.note != "" {
		out = append(out, "")
		for i, l := range wrapWords(sanitize.Line(in.note), in.width) {
			out = in.row(out, i, in.st.Info.Render(l))
		}
	}
	return out
}

// pairHead is the row's title, state and timing.
func (in *detailInput) pairHead() []string {
	st, p := in.st, in.pair
	title := pairKindLabel(p) + " " + pairTitle(p)
	if p.ID != "" {
		title += " · id " + wireLine(p.ID, 64)
	}
	sep := " · "
	if strings.HasPrefix(in.state, "· ") {
		sep = " " // a probe's state begins with the separator: "· · probe" said it twice
	}
	out := in.wrappedTail(nil, title+sep, in.state, st.Row, in.stateStyle)
	return in.timing(out)
}

func (in *detailInput) pairLines() ([]string, int) {
	st, p := in.st, in.pair
	out := in.pairHead()
	if r := p.Request; r != nil && r.RPC != nil {
		// Above the waiting line and the answer's warnings: the request
		// is there from the first, so it moves no text when they come.
		out = in.notUTF8(out, string(r.RPC.Raw), strings.ToLower(requestTitle(p)), "JSON")
		if r.RPC.Dir == mcp.DirIn {
			// A server's request read as an answer is (an id that is an
			// object): mcpscope answered it all the same.
			out = in.ambiguities(out, r)
		}
	}
	if w := foreignWords(p); w != "" {
		out = in.wrapped(out, w, in.st.Warning)
	}
	if r := p.Request; r != nil && r.RPC != nil && r.RPC.Auto != "" {
		out = in.wrapped(out, "sent by mcpscope on its own, "+sanitize.Line(r.RPC.Auto), in.st.Dim)
	}
	if p.ProgressProblem != "" {
		// As exec says it: the bar on the row clamps, so a server counting
		// backwards or past its total read as one at work. Above the
		// waiting line, as it comes before the answer.
		out = in.wrapped(out, "⚠ "+wireLine(p.ProgressProblem, 512), in.st.Warning)
	}
	if w := in.waiting(); w != "" && p.Response == nil {
		// Under the heading: below a long request it was past the fold
		// of an 80x24 terminal, where a reader saw no word of it.
		out = in.wrapped(out, w, in.st.Pending)
	}
	// What came of the answer, under the waiting line: below the request
	// it was past the fold. It goes with that line when the answer comes,
	// which the pane's kept place counts (headRows).
	out = in.soFar(out)
	// What is wrong with the answer goes under the heading, where a reader
	// looks first: under the Response heading it was past the fold of a
	// long request at 80x24, while the Pairs row marked it.
	warned := len(out)
	out = in.answerWarnings(out, p.Response)
	if r := p.Reply; r != nil && r.RPC != nil {
		// A proxied client's reply is its own bytes, drawn as the
		// request's and the answer's are.
		out = in.notUTF8(out, string(r.RPC.Raw), "reply", "JSON")
	}
	in.warned = len(out) > warned
	in.headRows = len(out)
	if f := p.Failure; f != nil && f.Error != nil {
		heading := "Failure"
		if f.Error.Cause == mcp.CauseDeclined {
			// The user's choice ended it: nothing failed.
			heading = "Declined"
		}
		out = append(out, "", in.section(heading, wireLine(f.Error.Op, 32)))
		// A sentence (quoting a body at most), wrapped between words as
		// the advice under it is: cut at the border it split words.
		text := history.FailureWords(f.Error, p.Response != nil)
		in.inPart = in.inPart || len(text) > detailLimit
		for _, l := range strings.Split(clip.Prefix(text, detailLimit), "\n") {
			out = in.wrapped(out, sanitize.Line(l), st.Row)
		}
		out = in.givenLines(out, f.Error)
		if hint := advice.ForInfo(f.Error, in.audience); hint != "" {
			out = in.wrapped(out, "→ "+wireLine(hint, 1024), st.Hint)
		}
	}
	// A POST refused with no answer to show is what failed: its body (a
	// traceback's last line, an HTML error page) goes under the failure,
	// which quotes its first line only, not under the request's JSON.
	postFailed := p.Post != nil && p.Post.HTTP != nil && p.Post.HTTP.Status >= 300 && p.Response == nil
	if postFailed {
		out = in.postLines(out, p.Post.HTTP)
	}
	out = in.request(out, p.Request, p.Post)
	respLine := -1
	if p.Response != nil {
		respLine = len(out) + 1
	}
	out = in.response(out, p.Response)
	out = in.reply(out, p.Reply, p.Post)
	out = in.resumeLines(out, p.Resumes)
	if p.Post != nil && p.Post.HTTP != nil && !postFailed {
		out = in.postLines(out, p.Post.HTTP)
	}
	return out, respLine
}

// request is the Request (or Notification) section: the HTTP request line and headers that
// carried it (next to the body, so mirrored headers can be checked), then
// the message.
func (in *detailInput) request(out []string, r, post *mcp.Record) []string {
	if r == nil || r.RPC == nil {
		return out
	}
	raw := r.RPC.Raw
	out = append(out, "", in.section(requestTitle(in.pair), history.FormatSize(int64(len(raw)))+" at "+r.Time.Format("15:04:05.000")))
	if in.reqVia != "" {
		// The server's message came on a stream; a POST of the row's is
		// our reply's, shown with the reply.
		out = in.lone(out, "came on", in.reqVia, in.st.Dim.Render)
	} else if post != nil && post.HTTP != nil && len(post.HTTP.RequestHeaders) > 0 {
		out = append(in.requestHeaders(out, post.HTTP), "")
	}
	return in.json(out, string(raw), in.pretty)
}

// requestTitle is what Detail calls the message that opened row p: a
// notification is no request, it has no answer to wait for.
func requestTitle(p *history.Pair) string {
	if p != nil && (p.Kind == history.KindNotificationIn || p.Kind == history.KindNotificationOut) {
		return "Notification"
	}
	return "Request"
}

// reply is the Our reply section of a server's request: the HTTP request
// line and headers of the POST that carried it, then the message.
func (in *detailInput) reply(out []string, r, post *mcp.Record) []string {
	if r == nil || r.RPC == nil {
		return out
	}
	raw := r.RPC.Raw
	out = append(out, "", in.section("Our reply", history.FormatSize(int64(len(raw)))+" at "+r.Time.Format("15:04:05.000")))
	if post != nil && post.HTTP != nil && len(post.HTTP.RequestHeaders) > 0 {
		out = append(in.requestHeaders(out, post.HTTP), "")
	}
	return in.json(out, string(raw), in.pretty)
}

// response is the Response section: what the answer is in words, then
// its JSON.
func (in *detailInput) response(out []string, r *mcp.Record) []string {
	if r == nil || r.RPC == nil {
		return out
	}
	raw := r.RPC.Raw
	note := history.FormatSize(int64(len(raw))) + " at " + r.Time.Format("15:04:05.000")
	if in.warned {
		// Detail jumps here when the answer comes: the warnings about it
		// are at the top.
		note += " · ⚠ see the top"
	}
	out = append(out, "", in.section("Response", note))
	if in.pretty {
		out = in.responseFacts(out, r)
	}
	return in.json(out, string(raw), in.pretty)
}

// postLines shows the POST's answer when it says more than "202 Accepted":
// an error status, or a body worth reading.
func (in *detailInput) postLines(out []string, h *mcp.HTTPExchange) []string {
	body := strings.TrimSpace(string(h.Body))
	if h.Status >= 200 && h.Status < 300 && (body == "" || strings.EqualFold(body, "accepted")) {
		return out
	}
	out = append(out, "", in.section("POST answer", statusText(h.Status, h.Err, in.relayed)))
	out = in.wrapped(out, wireLine(h.URL, 2048), in.st.Dim)
	for _, name := range []string{"Content-Type", "WWW-Authenticate"} {
		if v := header(h.Headers, name); v != "" {
			out = in.wrapped(out, name+": "+v, in.st.Dim)
			if cut := h.HeaderCutWords(name); cut != "" {
				// The record holds the start of a longer header.
				out = in.wrapped(out, "("+cut+")", in.st.Dim)
			}
		}
	}
	out = in.leftOut(out, h.HeadersLeftOut)
	switch {
	case in.pair != nil && in.pair.Response != nil && in.pair.Response.RPC != nil && strings.TrimSpace(string(in.pair.Response.RPC.Raw)) == body:
		out = append(out, in.st.Dim.Render("(its body is the Response above)"))
	case len(h.Body) > 0:
		out = in.json(out, string(h.Body), in.pretty)
	}
	return out
}

// eventHead is the event's name, id, size, time and stream.
func (in *detailInput) eventHead() []string {
	r := in.event
	ev := r.Event
	// As Raw events names it (shownName): an event with no event: line
	// is a "message"; "(unnamed)" read as another event.
	name := wireLine(shownName(ev), 64)
	if ev.Name == "" && name == "message" {
		name += " (no event: line)"
	}
	head := "event " + name
	if ev.HasID {
		head += " · id " + wireLine(ev.ID, 64)
	}
	// A size or a time split over two rows ("49" and "B") read as two.
	head += " · " + unbroken(history.FormatSize(int64(len(ev.Raw)))) + " · " + unbroken(sinceConnect(r.Time.Sub(in.t0)))
	out := in.runLines(in.wrapped(nil, head, in.st.Row))
	if in.eventVia != "" {
		via := "on " + in.eventVia
		if ev.Conn > 0 {
			// Connection 0 is none: a detection probe's, or a stateless
			// request's own POST. It read as a number without meaning.
			via += fmt.Sprintf(" (connection %d)", ev.Conn)
		}
		out = in.wrapped(out, via, in.st.Dim)
	}
	return out
}

func (in *detailInput) eventLines() []string {
	st := in.st
	ev := in.event.Event
	out := in.notUTF8(in.eventHead(), string(ev.Raw), "event", "an event stream")
	// A block can hold millions of comment lines; show enough to see what
	// they are, like the byte limit on data.
	const maxComments = 100
	for i, c := range ev.Comments {
		if i == maxComments {
			out = append(out, st.Dim.Render(fmt.Sprintf("… %d more comment lines", len(ev.Comments)-maxComments)))
			in.inPart = true
			break
		}
		out = append(out, st.Dim.Render(": "+wireLine(c, 1024)))
	}
	if !in.pretty {
		as := "as received"
		if in.run.N > 1 {
			as = "the run's first, as received"
		}
		out = append(out, "", in.section("Raw bytes", as))
		return in.json(out, string(ev.Raw), false)
	}
	if ev.Unparsed() {
		// What came of a block the stream stopped inside is no event and
		// has no data: "(no data)" hid the bytes the server did send.
		out = append(out, "", in.section("Raw bytes", "the stream stopped inside it"))
		return in.json(out, string(ev.Raw), false)
	}
	out = append(out, "", in.section("Data", ""))
	if ev.Data == "" && ev.HasID {
		// A server of 2025-11-25 opens each stream so; "(no data)" alone
		// read as a server's slip repeated on every answer.
		return in.wrapped(out, "(no data: an event with an id alone primes the stream, so that a client whose stream breaks can reconnect with Last-Event-ID "+wireLine(ev.ID, 64)+" and resume after it)", st.Hint)
	}
	if ev.Data == "" {
		return append(out, st.Hint.Render("(no data)"))
	}
	return in.json(out, string(ev.Data), true)
}
