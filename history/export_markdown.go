package history

import (
	"bufio"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/mcpscope/mcpscope/internal/advice"
	"github.com/mcpscope/mcpscope/internal/clip"
	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/mcp"
)

// ExportMarkdown writes the session as a Markdown transcript that reads well
// on GitHub: the negotiation, then every row with its messages pretty-printed.
// Messages are read and written one at a time: a transcript of any size
// costs the memory of its largest message.
func ExportMarkdown(w io.Writer, h Header, log *Log) error {
	return ExportMarkdownNoting(w, h, log, nil)
}

// ExportMarkdownNoting is ExportMarkdown saying under its title what is
// wrong with the recording (LoadLog's warnings: cut short, damaged lines):
// a transcript shared without them reads as the whole session.
func ExportMarkdownNoting(w io.Writer, h Header, log *Log, warnings []string) error {
	b := bufio.NewWriterSize(w, 64<<10)
	n := log.Negotiation()
	// Who acts on the advice: the reader, who runs mcpscope again (in the
	// TUI or with exec, which the recording does not say), or for a
	// proxied session its client, as the TUI advises it.
	aud := advice.Reader
	if n.Client != nil {
		aud = advice.Watcher
	}
	fmt.Fprintf(b, "%s%s\n\n", exportMarkdownTitle, mdText(h.Server()))
	// Each count says what it counts: "14 messages below, from 69
	// recorded events" disagreed with the replay's "27 messages to
	// come" (a request and its answer are two messages, one entry
	// below), and "events" read as the SSE events the TUI counts.
	st := log.Stats()
	held := "no JSON-RPC message"
	if st.Messages > 0 {
		held = fmt.Sprintf("%s (a request and its answer are two), in the %s below", countOf(st.Messages, "JSON-RPC message", "JSON-RPC messages"),
			countOf(log.PairCount(), "numbered entry", "numbered entries"))
	}
	fmt.Fprintf(b, "Recorded %s by mcpscope %s: %s; %s in all, with the HTTP exchanges, SSE events and state changes.\n\n",
		h.Started.Format("2006-01-02 15:04:05 MST"), mdText(h.MCPScope), held, countOf(st.Records, "record", "records"))
	if len(warnings) > 0 {
		if onlyEndNotes(warnings) {
			// Nothing in it is damaged: it stops before its close.
			b.WriteString("> **The recording is incomplete**; this is what it holds:\n>\n")
		} else {
			b.WriteString("> **The recording is damaged**; this is what could be read of it:\n>\n")
		}
		for _, w := range warnings {
			fmt.Fprintf(b, "> - %s\n", mdText(w))
		}
		b.WriteString("\n")
	}

	b.WriteString("## Negotiation\n\n| | |\n|---|---|\n")
	row := func(k, v string) {
		if v != "" {
			fmt.Fprintf(b, "| %s | %s |\n", k, v)
		}
	}
	row("URL", mdCode(h.URL))
	if cl := n.Client; cl != nil {
		// A proxied session: the client it recorded, and how it came in.
		var facts []string
		if who := n.ClientLabel(); who != "" {
			facts = append(facts, mdText(who))
		}
		if ua := mcp.RecordedHeader(cl.RequestHeaders, "User-Agent"); ua != "" {
			facts = append(facts, "User-Agent "+mdCode(ua))
		}
		row("Client", strings.Join(append(facts, "through the proxy at "+mdCode(cl.URL)), " · "))
	}
	row("Transport", mdText(transportShown(h, n)))
	if s := n.Stream; s != nil {
		row("Stream", fmt.Sprintf("%s %d after %s", mdText(s.Method), s.Status, ms(n.FirstByte)))
	}
	if ep := n.Endpoint; ep != nil {
		row("Endpoint data", mdCode(string(ep.Data)))
		row("Resolved against", mdCode(ep.Base))
		row("Resolved URL", mdCode(ep.Preferred))
		row("Under the stream's prefix", mdCode(ep.Prefixed))
		switch ep.Fallback {
		case "":
			// None: an endpoint naming no session, or one that could
			// not be read back (its URLs all empty).
		case ep.Preferred:
			// As the Negotiation pane says it: the URL again read as a
			// second place tried.
			row("Fallback URL", "the same URL")
		default:
			row("Fallback URL", mdCode(ep.Fallback))
		}
		row("Posting to", mdCode(ep.InUse))
		row("Why", mdText(ep.Reason))
		row("Endpoint after", ms(ep.Elapsed))
	}
	if n.SessionID != "" {
		id := mdCode(n.SessionID)
		if n.Endpoint != nil && n.Endpoint.SessionParam != "" {
			id += " (parameter " + mdCode(n.Endpoint.SessionParam) + ")"
		}
		row("Session id", id)
	}
	if len(n.EarlierSessions) > 0 {
		ids := make([]string, len(n.EarlierSessions))
		for i, id := range n.EarlierSessions {
			ids[i] = mdCode(id)
		}
		row("Earlier sessions", strings.Join(ids, ", ")+" (oldest first; a reconnect left each)")
	}
	row("Server", mdText(mcp.ServerListed(n.ServerName, n.ServerVersion)))
	row("Protocol", mdText(n.ProtocolVersion))
	row("State", mdText(n.State))
	if len(n.Problems) > 0 {
		b.WriteString("\n### Problems\n\n")
		for _, p := range n.Problems {
			fmt.Fprintf(b, "- **%s**: %s", p.Level, mdText(p.Message))
			// The advice the TUI shows under it, from the same table
			// (Hint alone is only a recording older than causes), after
			// the TUI's arrow: in parentheses it read as more of the
			// message, and advice with its own parentheses nested them,
			// "(is the server still running? (it answered before))".
			if a := p.Advice(aud); a != "" {
				fmt.Fprintf(b, " → %s", mdText(a))
			}
			b.WriteString("\n")
		}
	}

	b.WriteString("\n## Messages\n")
	if log.PairCount() == 0 {
		// An empty heading read as a transcript cut short.
		b.WriteString("\nNone: no message went either way (Negotiation above says how the session went).\n")
	}
	again := reconnects(log)
	notified := cancelsSent(log)
	for i := 0; i < log.PairCount(); i++ {
		p := log.Pair(i)
		// Of attempts one after another (a legacy stream reopened on
		// its own, tried again until one opened), the last is the one
		// the rows below went on.
		var last *mcp.Record
		for len(again) > 0 && pairSeq(p) > again[0].Seq {
			last, again = again[0], again[1:]
		}
		if last != nil {
			writeReconnected(b, last, true)
		}
		writePairMarkdown(b, i+1, log, p, aud, p.Request != nil && p.Request.RPC != nil && notified[p.Request.RPC.ID])
	}
	if len(again) > 0 && log.PairCount() > 0 {
		// A reconnect after the last message: said nowhere, the messages
		// read as sent on the session Negotiation names.
		writeReconnected(b, again[len(again)-1], false)
	}
	return b.Flush()
}

// reconnects are the records that opened a connection after the first
// (the user's r, or mcpscope reopening a legacy stream), in order: the
// export read a second initialize as if in the same session, and
// Negotiation names only the last session's id.
func reconnects(log *Log) []*mcp.Record {
	rs := make([]*mcp.Record, 0, len(log.reconnected))
	for _, i := range log.reconnected {
		rs = append(rs, log.At(int(i)))
	}
	return rs
}

// pairSeq is where row p begins in the log: its first message.
func pairSeq(p *Pair) int64 {
	for _, r := range []*mcp.Record{p.Request, p.Response, p.Reply, p.Failure} {
		if r != nil {
			return r.Seq
		}
	}
	return 0
}

// writeReconnected says, between the rows, that those below went on a
// new connection (more), or after the last that none did, with the
// recorded reason ("a new session, replacing …").
func writeReconnected(b *bufio.Writer, r *mcp.Record, more bool) {
	fmt.Fprintf(b, "\n---\n\n**Reconnected** at %s", r.Time.Format("15:04:05.000"))
	if d := r.State.Detail; d != "" {
		fmt.Fprintf(b, ": %s", mdText(d))
	}
	if more {
		b.WriteString("; the messages below went on the new connection.\n")
	} else {
		b.WriteString("; no message went on the new connection.\n")
	}
}

// writePairMarkdown writes row p as entry n; cancelNotified says a
// notifications/cancelled named its request.
func writePairMarkdown(b *bufio.Writer, n int, log *Log, p *Pair, aud advice.Audience, cancelNotified bool) {
	title := p.Method
	// The state the TUI's row says, from the same reading.
	shown, last := log.ShownState(p)
	state := string(shown)
	if last != nil {
		// This row's own response asked for input (input_required): its
		// heading says how the call came out and in which row, or the
		// response below it read as contradicting "ok".
		state = fmt.Sprintf("input required, then %s in %d.", shown, log.newestRoundIndex(p)+1)
	}
	if w := p.NotSentWords(); w != "" && last == nil {
		// As the Pairs row says a message refused before any POST
		// went: "post-failed" alone read as a POST the server failed.
		state += " (" + w + ")"
	}
	if w := p.ListenWord(); w != "" {
		// A listen stream is open until it is closed: "pending" read as a
		// request the server never answered, where its acknowledgement
		// came and it carried what the server sent. Before that it is
		// being opened, as the TUI's row says.
		state = w
	}
	if p.Tool != "" {
		title += " " + p.Tool
	} else if p.Subject != "" {
		title += " " + p.Subject
	}
	if p.Kind == KindNotificationIn && p.Request != nil && p.Request.RPC != nil {
		// What the notification says, as its Pairs row and exec say it:
		// a run of "notifications/message: received" headings read
		// alike, what each logged only in the JSON under it.
		if w, ok := ReadNoteOf(p.Request.RPC); ok {
			state += " · " + mdText(w.Line(clip.Marked, 200, true))
		}
		if w := ForeignSubscription(p.Request.RPC); w != "" {
			// As the TUI's Detail says it: the heading read as any
			// other notification's, acted on.
			state += " · " + mdText(clip.Marked(strings.TrimSuffix(w, ": "), 300)) + ", not acted on"
		}
		if p.Request.RPC.Replayed {
			// As the TUI's row says it: a resumed stream sent it again.
			state += " · replayed by a resumed stream, no news"
		}
	}
	switch {
	case p.NullIDError():
		fmt.Fprintf(b, "\n### %d. error with id null (a request the server could not read): %s\n\n", n, state)
	case p.Kind == KindForeign:
		// Not a method: an answer (a bridge sharing one upstream
		// broadcasts every client's) to an id no request of ours had.
		// A method its record names (an edited or forged recording) is
		// said as that, not as the title: "`initialize`: ok" read as
		// the session's own initialize answered.
		named := ""
		if title != "" {
			named = " (its record names " + mdCode(title) + ")"
		}
		fmt.Fprintf(b, "\n### %d. answer to an id we never sent%s: %s\n\n", n, named, state)
	case title == "" && p.UnaskedReply():
		fmt.Fprintf(b, "\n### %d. reply to no server request (never asked, or answered already): %s\n\n", n, state)
	case title == "":
		fmt.Fprintf(b, "\n### %d. %s: %s\n\n", n, kindWords(p.Kind), state)
	default:
		fmt.Fprintf(b, "\n### %d. %s: %s\n\n", n, mdCode(title), state)
	}
	var facts []string
	facts = append(facts, kindWords(p.Kind))
	if p.ID != "" {
		facts = append(facts, "id "+mdCode(p.ID))
	}
	if opener := p.opener(); opener != nil {
		verb := "sent "
		if opener.Kind == mcp.KindReceived {
			verb = "received "
		}
		facts = append(facts, verb+opener.Time.Format("15:04:05.000"))
	}
	if p.Post != nil && p.Post.HTTP != nil {
		post := "POST"
		if p.Kind == KindServerRequest {
			post = "reply POST" // the server's request came on a stream; the POST carried our reply
		}
		switch h := p.Post.HTTP; {
		case h.Stopped():
			// "POST 0" read as a status the server sent.
			who := "mcpscope"
			if p.proxied {
				// A proxy's upstream leg: its client left (or the proxy
				// stopped), not the user.
				who = "the client or the proxy"
			}
			facts = append(facts, fmt.Sprintf("%s no answer after %s (%s stopped waiting)", post, ms(p.PostLatency), who))
		case p.NotSentWords() != "":
			// "no answer" read as a POST the server got and kept quiet on;
			// said in the heading's words, not in words of its own.
			facts = append(facts, post+" "+p.NotSentWords()+" after "+ms(p.PostLatency))
		case h.Status == 0:
			facts = append(facts, fmt.Sprintf("%s no answer after %s", post, ms(p.PostLatency)))
		default:
			facts = append(facts, fmt.Sprintf("%s %d in %s", post, h.Status, ms(p.PostLatency)))
		}
	}
	if p.Latency > 0 {
		facts = append(facts, "answered in "+ms(p.Latency))
	}
	if w := p.UnansweredWords(ms); w != "" {
		facts = append(facts, w)
	}
	if p.ResponseSize > 0 {
		facts = append(facts, fmt.Sprintf("%d bytes", p.ResponseSize))
	}
	if w := p.ClosedWords(); w != "" {
		// "closed" alone read as the server closing something.
		facts = append(facts, w)
	}
	b.WriteString(strings.Join(facts, " · ") + "\n")
	if prog := p.ProgressWords(); prog != "" {
		// The notifications are folded into this row: without this line
		// a transcript of a long call read as if none had come.
		fmt.Fprintf(b, "\nprogress %s\n", mdText(prog))
	}
	if p.ProgressProblem != "" {
		fmt.Fprintf(b, "\n> **progress**: %s\n", mdText(p.ProgressProblem))
	}
	if f := p.Failure; f != nil && f.Error != nil {
		fmt.Fprintf(b, "\n> **%s**: %s\n", mdText(f.Error.Op), mdText(failureWords(f.Error, p.Response != nil, cancelNotified)))
		// A round that ended early was not sent again: no message below
		// holds the answers it was given.
		keys := slices.Sorted(maps.Keys(f.Error.Given))
		for _, key := range keys[:min(len(keys), GivenMost)] {
			// Cut as Detail cuts it: the JSON export holds it whole.
			fmt.Fprintf(b, "> given %s: %s\n", mdText(strconv.Quote(clip.Quote(key, GivenKeyLimit))), mdText(clip.Quote(string(f.Error.Given[key]), GivenLimit)))
		}
		if more := len(keys) - GivenMost; more > 0 {
			fmt.Fprintf(b, "> given … %d more\n", more)
		}
		if hint := advice.ForInfo(f.Error, aud); hint != "" {
			fmt.Fprintf(b, "> %s\n", mdText(hint))
		}
	} else if why := p.ResultTypeFailure(); why != "" {
		fmt.Fprintf(b, "\n> **answer**: %s\n", mdText(why))
	}
	// A notification is no request: "**Request**" above a server's
	// notifications/message read as one sent to it.
	first := "Request"
	switch p.Kind {
	case KindNotificationIn, KindNotificationOut:
		first = "Notification"
	case KindServerRequest:
		first = "Request from the server"
	}
	for _, part := range []struct {
		name string
		r    *mcp.Record
	}{{first, p.Request}, {"Response", p.Response}, {"Reply", p.Reply}} {
		if part.r != nil && part.r.RPC != nil {
			fmt.Fprintf(b, "\n**%s**\n\n", part.name)
			writeFenced(b, string(part.r.RPC.Raw))
		}
	}
}

// writeFenced writes a message as a fenced block: pretty JSON when it is
// JSON, the text as it is otherwise, with a fence longer than any run of
// backticks inside so nothing breaks out of it. Neither pretty-printing nor
// cleaning adds a backtick, so the fence is measured on the message.
func writeFenced(b *bufio.Writer, raw string) {
	fence := strings.Repeat("`", max(3, longestRun(raw, '`')+1))
	if jsonText(raw) {
		b.WriteString(fence + "json\n")
		writePretty(b, raw, "", true)
	} else {
		b.WriteString(fence + "text\n")
		writeText(b, raw)
	}
	b.WriteString("\n" + fence + "\n")
}

func longestRun(s string, c byte) int {
	best, cur := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			cur++
			best = max(best, cur)
		} else {
			cur = 0
		}
	}
	return best
}

// mdText is text safe for a Markdown table cell or line: made safe for a
// terminal, and with every character Markdown or HTML would act on escaped.
// A transcript is shared where Markdown is rendered (an issue, a wiki), and
// a server's name or error message must show there as the text it is, not
// as a link, an image that loads from the server's choice of host, or HTML.
func mdText(s string) string {
	return mdEscaper.Replace(sanitize.Line(s))
}

// mdEscaper backslash-escapes what inline Markdown gives meaning to
// (CommonMark lets any ASCII punctuation be escaped so): emphasis, code,
// links and images, raw HTML and entities, strikethrough, table cells.
var mdEscaper = strings.NewReplacer(
	`\`, `\\`, "`", "\\`", `*`, `\*`, `_`, `\_`, `[`, `\[`, `]`, `\]`,
	`<`, `\<`, `>`, `\>`, `&`, `\&`, `~`, `\~`, `|`, `\|`,
)

// mdCode is s as an inline code span, in a table cell too.
func mdCode(s string) string {
	if s == "" {
		return ""
	}
	// Markdown leaves a code span's content as it is, backslashes too, so
	// only a table's | is escaped (GFM reads \| there), and the span is
	// fenced by a run of backticks longer than any inside it.
	s = strings.ReplaceAll(sanitize.Line(s), "|", `\|`)
	if !strings.Contains(s, "`") {
		return "`" + s + "`"
	}
	fence := strings.Repeat("`", longestRun(s, '`')+1)
	return fence + " " + s + " " + fence
}

// ms shows a duration in the TUI's words (FormatDuration): "4.0s", "21ms",
// as on screen, where "4008.2 ms" beside "8.19 ms" asked a reader to
// convert. A duration no exchange can take (see impossible) is "an
// unknown time": a recording whose clock jumped or that was edited
// printed "-9223372036854.78 ms", as if measured.
func ms(d time.Duration) string {
	if impossible(d) {
		return "an unknown time"
	}
	if d <= 0 {
		return "0ms" // FormatDuration's bare "0" is a column's, not prose
	}
	return FormatDuration(d)
}

// transportShown is the transport a session used, saying so when it was
// detected: the header keeps what was asked for, which for a session
// left to detect it is "auto".
func transportShown(h Header, n *Negotiation) string {
	switch {
	case n.Transport == "":
		return h.Transport
	case h.Transport == n.Transport:
		return n.Transport
	case h.Transport == "":
		return n.Transport + " (detected)"
	}
	return n.Transport + " (detected; asked: " + h.Transport + ")"
}

// kindWords is what a message of kind k is, in a reader's words: its
// kind's own name ("notification-out", "server-request") read as jargon
// in the transcript's prose.
func kindWords(k PairKind) string {
	switch k {
	case KindRequest:
		return "request"
	case KindNotificationOut:
		return "notification to the server"
	case KindNotificationIn:
		return "notification from the server"
	case KindServerRequest:
		return "request from the server"
	case KindForeign:
		return "answer to no request of this session"
	case KindDuplicate:
		return "another answer to a request answered already"
	case KindBatch:
		return "batch of messages"
	case KindInvalid:
		return "not a JSON-RPC message"
	}
	return mdCode(string(k))
}
