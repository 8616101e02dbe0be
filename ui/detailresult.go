package ui

import (
	"encoding/json"
	"maps"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/internal/advice"
	"github.com/mcpscope/mcpscope/internal/jsonspan"
	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/command"
)

// summaryLimit bounds the answers whose result is read for the summary
// above their JSON: past it the JSON says it all, and reading it twice
// would cost a second copy of a huge answer.
const summaryLimit = 4 << 20

// answerSummary is what the response's top level says, read once for the
// lines above its JSON with the one JSON scanner: an answer nested past
// encoding/json's 10,000 levels (a deep question in inputRequests) still
// says what it is.
type answerSummary struct {
	Result *resultSummary
	Error  *mcp.RPCError
}

type resultSummary struct {
	ResultType    *string
	TTL           json.RawMessage
	CacheScope    *string
	InputRequests map[string]json.RawMessage
	RequestState  *string
	raw           []byte // the result as it came, for mcp.InputShape
}

// readSummary reads an answer's summary; false when its top level is not
// of the shapes the summary speaks of.
func readSummary(raw []byte) (answerSummary, bool) {
	var sum answerSummary
	doc, err := jsonspan.Parse(raw, jsonspan.Limits{Depth: 3})
	if err != nil || doc.Root().Kind() != jsonspan.Object {
		return sum, false
	}
	if e := doc.Root().Get("error"); e.Exists() && e.Kind() != jsonspan.Null {
		// Read as every line reads it, so an object with no number
		// code is said to have none, not given Go's zero.
		sum.Error = mcp.RPCErrorOf(e.Raw())
	}
	res := doc.Root().Get("result")
	if !res.Exists() || res.Kind() == jsonspan.Null {
		return sum, true
	}
	if res.Kind() != jsonspan.Object {
		return sum, false
	}
	r := &resultSummary{raw: res.Raw()}
	text := func(key string, into **string) bool {
		v := res.Get(key)
		if !v.Exists() || v.Kind() == jsonspan.Null {
			return true
		}
		t, ok := v.Text()
		*into = &t
		return ok
	}
	if !text("resultType", &r.ResultType) || !text("cacheScope", &r.CacheScope) || !text("requestState", &r.RequestState) {
		return sum, false
	}
	if v := res.Get("ttlMs"); v.Exists() {
		r.TTL = json.RawMessage(v.Raw())
	}
	if v := res.Get("inputRequests"); v.Exists() && v.Kind() != jsonspan.Null {
		if v.Kind() != jsonspan.Object {
			return sum, false
		}
		r.InputRequests = map[string]json.RawMessage{}
		for k, req := range v.Members() {
			r.InputRequests[k] = json.RawMessage(req.Raw())
		}
	}
	sum.Result = r
	return sum, true
}

// labelled is a line of a label and its value, wrapped under itself.
func (in *detailInput) labelled(out []string, label, value string, style func(...string) string) []string {
	return in.labelledAt(out, label, value, style, 10)
}

// lone is labelled for a line with no other labelled line to align with:
// its label followed by one space, where the column's width left
// "came on   the response stream…".
func (in *detailInput) lone(out []string, label, value string, style func(...string) string) []string {
	return in.labelledAt(out, label, value, style, ansi.StringWidth(label)+1)
}

// labelledAt is labelled with a label column w cells wide.
func (in *detailInput) labelledAt(out []string, label, value string, style func(...string) string, w int) []string {
	room := max(in.width-w, 8)
	for i, part := range wrapWords(value, room) {
		l := blanks(w)
		if i == 0 {
			l = cell(label, w)
		}
		out = in.row(out, i, in.st.Dim.Render(l)+style(part))
	}
	return out
}

// olderFields is the line of an answer in a session of an earlier era
// that has 2026's result fields: shown as the server wrote them, saying
// whose they are, where "complete (resultType absent, which means
// complete)" read 2026's rules into a 2025 answer.
func (in *detailInput) olderFields(out []string, res *resultSummary) []string {
	var fields []string
	if res.ResultType != nil {
		fields = append(fields, "resultType "+wireLine(*res.ResultType, 64))
	}
	if len(res.TTL) > 0 {
		fields = append(fields, "ttlMs "+wireLine(string(res.TTL), 32))
	}
	if res.CacheScope != nil {
		fields = append(fields, "cacheScope "+wireLine(*res.CacheScope, 64))
	}
	line := strings.Join(fields, " · ") + command.OlderFieldsNote(wireLine(in.older, 32))
	return in.labelled(out, "fields", line, in.st.Dim.Render)
}

// responseFacts are the lines between the Response heading and its JSON:
// which stream it came on, what kind of result it is (resultType, missing
// meaning complete), ttlMs and cacheScope, the input an input_required
// answer asks for, and a JSON-RPC error in words with what to do.
func (in *detailInput) responseFacts(out []string, r *mcp.Record) []string {
	if in.respVia == "" {
		return in.resultFacts(out, r)
	}
	// Single-spaced even with labelled lines after it: padded to their
	// column it read "came on   the legacy SSE stream", a sentence with a
	// gap in it.
	out = in.lone(out, "came on", in.respVia, in.st.Dim.Render)
	return in.resultFacts(out, r)
}

// resultFacts are responseFacts after the stream the answer came on.
func (in *detailInput) resultFacts(out []string, r *mcp.Record) []string {
	st := in.st
	raw := string(r.RPC.Raw)
	if len(raw) > summaryLimit {
		return out
	}
	sum, ok := readSummary([]byte(raw))
	if !ok {
		return out
	}
	if e := sum.Error; e != nil {
		code := strconv.Itoa(e.Code)
		if e.NoCode {
			code = "no code"
		}
		out = in.labelled(out, "error", code+" · "+sanitize.Line(e.Meaning()), st.Error.Render)
		if hint := advice.ForRPC(e, in.asked, in.audience); hint != "" {
			out = in.labelled(out, "", "→ "+hint, st.Hint.Render)
		}
		return out
	}
	res := sum.Result
	if res == nil {
		return out
	}
	out = in.annotated(out, res.raw)
	if res.ResultType == nil && len(res.TTL) == 0 && res.CacheScope == nil && !in.modern {
		return out // resultType is a 2026 word: older answers have none to miss
	}
	if in.older != "" {
		return in.olderFields(out, res)
	}
	kind := "complete (resultType absent, which means complete)"
	if res.ResultType != nil {
		kind = wireLine(*res.ResultType, 64)
	}
	var extra []string
	if len(res.TTL) > 0 {
		ttl := "ttlMs " + wireLine(string(res.TTL), 32)
		if _, odd := command.ReadTTL(res.TTL); odd != "" && string(res.TTL) != "null" {
			ttl = wireLine(odd, 96) // as exec says it: negative, or no number
		}
		extra = append(extra, ttl)
	}
	if res.CacheScope != nil {
		words, _ := command.CacheScopeWords(*res.CacheScope)
		extra = append(extra, wireLine(words, 160)) // as exec says it
	}
	if len(extra) > 0 {
		kind += " · " + strings.Join(extra, " · ")
	}
	out = in.labelled(out, "result", kind, st.Row.Render)
	if in.modern {
		if shape := mcp.InputShape(r.RPC.Method, res.raw); shape != "" {
			// No round follows a request that may not ask: what it asks
			// is no question mcpscope answers.
			return in.wrapped(out, "⚠ "+sanitize.Line(shape), st.Warning)
		}
		if bad := mcp.UnknownResultType(r.RPC.Method, res.raw); bad != "" {
			return in.wrapped(out, "⚠ "+sanitize.Line(bad), st.Warning)
		}
	}
	if len(res.InputRequests) > 0 {
		out = in.inputRequests(out, res.InputRequests, res.RequestState != nil)
	}
	return out
}

// annotated lists the result's content blocks that carry annotations,
// in the words exec prints under each block: whom it is for, its priority.
func (in *detailInput) annotated(out []string, result []byte) []string {
	for i, b := range command.AnnotatedBlocks(result) {
		label := ""
		if i == 0 {
			label = "annotated"
		}
		out = in.labelled(out, label, wireLine(b.Where+" ("+b.Type+")", 128)+": "+sanitize.Line(b.Annotations.String()), in.st.Row.Render)
	}
	return out
}

// inputRequests lists what an input_required answer asks for, each in the
// words the answer prompt uses.
func (in *detailInput) inputRequests(out []string, reqs map[string]json.RawMessage, state bool) []string {
	keys := slices.Sorted(maps.Keys(reqs))
	for i, k := range keys {
		method, params := mcp.InputRequestOf(reqs[k])
		label := ""
		if i == 0 {
			label = "needs"
		}
		desc := command.Describe(mcp.InputRequest{Key: k, Method: method, Params: params})
		out = in.labelled(out, label, wireLine(k, 128)+" · "+wireLine(method, 64)+": "+sanitize.Line(desc), in.st.Info.Render)
	}
	how := "mcpscope sends the request again with the answers (inputResponses)"
	if state {
		how += " and the same requestState"
	}
	return in.labelled(out, "", how+": the next round follows as a row of its own", in.st.Dim.Render)
}

// requestHeaders are the HTTP request line and headers that carried a
// message, sorted by name, so the mirrored Mcp-Method, Mcp-Name,
// Mcp-Param-* and MCP-Protocol-Version can be checked against the body by
// eye. The records reach the screen redacted as a recording holds them
// (history.Redacting: Authorization, Cookie, the token, a URL's password
// read [redacted]), so nothing more is hidden here.
func (in *detailInput) requestHeaders(out []string, h *mcp.HTTPExchange) []string {
	st := in.st
	out = in.wrapped(out, wireLine(h.Method+" "+h.URL, 2048), st.Dim)
	names := make([]string, 0, len(h.RequestHeaders))
	for k := range h.RequestHeaders {
		names = append(names, k)
	}
	slices.SortFunc(names, func(a, b string) int { return strings.Compare(strings.ToLower(a), strings.ToLower(b)) })
	for _, k := range names {
		for _, v := range h.RequestHeaders[k] {
			out = in.wrappedHead(out, wireLine(k, 128)+":", " "+wireLine(v, 2048), st.Key, st.Row)
		}
	}
	return in.leftOut(out, h.RequestHeadersLeftOut)
}

// leftOut says how many of an exchange's headers its record holds nothing
// of (mcp's HeadersLeftOut, RequestHeadersLeftOut), under the headers
// shown: a header that is not listed may still have come.
func (in *detailInput) leftOut(out []string, n int) []string {
	if n == 0 {
		return out
	}
	return in.wrapped(out, "("+plural(n, "header")+" left out of the record)", in.st.Dim)
}

// resumeLines list the GETs that resumed the request's response stream.
func (in *detailInput) resumeLines(out []string, resumes []*mcp.Record) []string {
	if len(resumes) == 0 {
		return out
	}
	out = append(out, "", in.section("Resumed", plural(len(resumes), "GET")+" with Last-Event-ID"))
	for _, r := range resumes {
		h := r.HTTP
		line := "GET Last-Event-ID " + header(h.RequestHeaders, "Last-Event-ID") + " → " + statusText(h.Status, h.Err, in.relayed) + " in " + history.FormatMeasured(h.Duration) +
			" at " + r.Time.Format("15:04:05.000")
		out = in.wrapped(out, line, statusStyle(in.st, h.Status))
	}
	return out
}

// timing appends the row's timing line: the POST's status and the time to
// its answer's headers, the time to the response, progress, the chain.
func (in *detailInput) timing(out []string) []string {
	p := in.pair
	var parts []string
	if p.Post != nil && p.Post.HTTP != nil {
		h := p.Post.HTTP
		s := "POST " + statusText(h.Status, h.Err, in.relayed)
		switch h.Opened {
		case "sse":
			s += " (an SSE stream)"
		case "json":
			s += " (application/json)"
		}
		if p.Kind == history.KindServerRequest {
			// The POST carried our reply: its time is the reply's, not
			// the server's request's.
			s = "our reply's " + s
		}
		if h.Status == 0 {
			// No status came, so no headers: how long it waited is all.
			parts = append(parts, s+" · after "+history.FormatMeasured(p.PostLatency))
		} else {
			parts = append(parts, s+": headers after "+history.FormatMeasured(p.PostLatency))
		}
	}
	if added := proxyAdded(p); added != "" {
		// A proxied client's request: upstream's time is the POST's, and
		// this is what relaying it cost on top.
		parts = append(parts, "proxy added "+added)
	}
	gaveUp := p.UnansweredWords(history.FormatMeasured)
	switch {
	case p.Latency > 0 && p.State == history.StateCancelled:
		parts = append(parts, "cancelled, yet answered after "+history.FormatMeasured(p.Latency))
	case p.Latency > 0 && p.Kind == history.KindServerRequest:
		parts = append(parts, "answered after "+history.FormatMeasured(p.Latency))
	case p.Latency > 0:
		parts = append(parts, "response after "+history.FormatMeasured(p.Latency))
	case gaveUp != "":
		parts = append(parts, gaveUp)
	case p.Opening():
		parts = append(parts, "being opened: the server has not acknowledged it yet")
	case ownListen(p):
		// Typed by hand: a subscription of its own beside the session's.
		parts = append(parts, "open: a listen stream of your own")
	case p.Listening():
		parts = append(parts, "open: the session's live stream")
	case p.ClosedWords() != "":
		parts = append(parts, p.ClosedWords())
	}
	if len(p.Resumes) > 0 {
		parts = append(parts, "stream resumed ×"+strconv.Itoa(len(p.Resumes)))
	}
	if len(parts) > 0 {
		out = in.wrapped(out, strings.Join(parts, " · "), in.st.Dim)
	}
	if p.Post != nil && p.Post.HTTP != nil && p.Post.HTTP.Resent > 0 {
		// The wire carried the message more than once: the server may
		// have acted on it twice, which one row must not hide.
		out = in.wrapped(out, wireLine(p.Post.HTTP.Method, 32)+" "+p.Post.HTTP.ResentWords(), in.st.Warning)
	}
	if p.Post != nil && p.Post.HTTP != nil && p.Post.HTTP.Charset != "" {
		// The U+FFFD in its result are the server's other charset, read
		// as UTF-8: said where the result is read, not only recorded.
		out = in.wrapped(out, "the answer: "+wireLine(p.Post.HTTP.CharsetWords(), 512), in.st.Warning)
	}
	if prog := p.ProgressWords(); prog != "" {
		// The notifications are folded into this row, so this line is
		// where they are counted, during the request and after it; the
		// export says it in the same words.
		line, style := "progress "+prog, in.st.Dim
		if p.Notifications > 0 {
			line += " (in Raw events)"
		}
		if p.State == history.StatePending {
			style = in.st.Pending
		}
		out = in.wrapped(out, line, style)
	}
	if p.Chain != 0 && p.Round > 1 {
		first := "its first request"
		if in.chainFirst != "" {
			first = "id " + in.chainFirst
		}
		out = in.wrapped(out, "round "+strconv.Itoa(p.Round)+" of a multi round-trip request started by "+first, in.st.Info)
	}
	return out
}

// waiting says what a pending request of ours waits for, and the key that
// cancels it: "◌ pending" alone read the same for a call just sent and one
// to a server that never answers ("" for any other row). The Pairs row
// counts the time. It goes under the heading, in view however long the
// request; a search made in the lines follows them when the answer comes.
func (in *detailInput) waiting() string {
	p := in.pair
	if p.State != history.StatePending || p.Kind != history.KindRequest || p.Listening() {
		return ""
	}
	what := "waiting for the answer"
	switch h := p.Post; {
	case h == nil || h.HTTP == nil:
		what = "waiting for the POST's answer"
	case h.HTTP.Opened == "sse":
		what = "waiting for the answer on the POST's event stream"
	case h.HTTP.Status == http.StatusAccepted:
		what = "waiting for the answer on the stream"
	}
	if in.cancel != "" {
		what += " · " + in.cancel + " cancels it"
	}
	return what
}
