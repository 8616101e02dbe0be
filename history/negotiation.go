package history

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/mcpscope/mcpscope/internal/advice"
	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/mcp"
)

// Negotiation is what the negotiation pane shows: how the connection came to
// be, what the server said about itself, and what went wrong.
type Negotiation struct {
	Detect        *mcp.Detection    // how the transport was chosen
	Transport     string            // the transport in use
	Stream        *mcp.HTTPExchange // the newest legacy GET
	FirstByte     time.Duration     // GET -> first byte/headers
	Endpoint      *mcp.Endpoint     // the newest negotiation result
	EndpointEvent *mcp.SSEEvent     // the raw endpoint event
	// Posts are the POSTs of the connection in use (or of the newest
	// attempt, when it failed); EarlierPosts those of earlier sessions and
	// attempts, which a reconnect left behind and which say nothing of now.
	Posts, EarlierPosts []*mcp.HTTPExchange
	// Streamable HTTP: what became of the GET stream, the newest resumes
	// of dropped streams, and how the session ended.
	GetStream string
	Resumes   []string
	Ended     string
	// Redirects are the newest redirects any request followed.
	Redirects []mcp.Redirect
	// Resent are the newest requests net/http sent again on a new
	// connection (HTTPExchange.Resent), oldest first.
	Resent []*mcp.HTTPExchange
	// Client is how a proxied client came in: its first request to the
	// proxy and what the proxy answered it; nil when mcpscope is the client.
	Client *mcp.HTTPExchange
	// ClientName and ClientVersion are the clientInfo the client sent:
	// in its initialize, or in the _meta of a 2026 request.
	ClientName, ClientVersion string

	ServerName, ServerVersion, ProtocolVersion string
	Capabilities                               json.RawMessage
	Instructions                               string
	// SupportedVersions are what a 2026 server/discover listed; Listen is
	// what became of the 2026 listen stream.
	SupportedVersions []string
	Listen            string

	State     string
	Conn      int
	SessionID string
	// EarlierSessions are the ids of the sessions before SessionID, the
	// newest few, oldest first: a reconnect's new session read as the
	// only one, where every message had gone on an earlier one.
	EarlierSessions []string
	Problems        []Problem
}

// Problem is something the person debugging should know, with what to do
// about it.
type Problem struct {
	Level   string // "error" | "warning" | "info"
	Message string
	Hint    string       // advice kept as it was (recordings older than causes), or "" when Fact decides
	Fact    *advice.Fact // what the advice is chosen from, when known
	Seq     int64        // the record it came from
}

// Advice is what to do about the problem, worded for the audience.
func (p Problem) Advice(a advice.Audience) string {
	if p.Fact != nil {
		return advice.For(*p.Fact, a)
	}
	return p.Hint
}

// The levels of a Problem.
const (
	LevelError   = "error"
	LevelWarning = "warning"
	LevelInfo    = "info"
)

// MaxPosts is how many POSTs Negotiation keeps, the newest: its Posts
// and EarlierPosts together hold no more.
const MaxPosts = 50

const (
	maxSources   = 64
	maxResumes   = 8
	maxRedirects = 8
	slowEndpoint = 2 * time.Second
)

// negotiationIndex keeps what Negotiation needs as records arrive; the
// Negotiation itself is built on demand so a flood of records costs nothing
// until the pane is drawn.
type negotiationIndex struct {
	detect        *mcp.Detection
	transport     string
	getStream     string
	getOver       bool // the GET stream is over for good (StateChange.Over)
	resumes       []string
	ended         string
	redirects     []mcp.Redirect
	resent        []*mcp.HTTPExchange
	client        *mcp.HTTPExchange
	clientInfo    struct{ name, version string }
	clientTries   int // 2026 requests looked at for a clientInfo
	stream        *mcp.Record
	endpoint      *mcp.Record
	endpointEvent *mcp.SSEEvent
	posts         []*mcp.HTTPExchange
	// earlier counts the first posts that belong to earlier sessions or
	// attempts; afterFailure says the newest attempt failed, so the next
	// POST begins another.
	earlier      int
	afterFailure bool
	init         initFacts
	listen       string
	state        string
	conn         int
	// check follows the session in use and what its answers' headers
	// contradict: the one check exec's notes ask too.
	check    AnswerCheck
	replaced *mcp.Record // a session-replaced state not yet followed by initialize
	sources  []*mcp.Record
	// session is the newest session id in use, sessionsBefore the ones before it.
	session        string
	sessionsBefore []string

	dirty bool
	cache Negotiation
}

// initFacts is what the server said of itself opening the session in use
// (initialize's answer, or server/discover's in 2026).
type initFacts struct {
	name, version, protocol, instructions string
	capabilities                          json.RawMessage
	supported                             []string
	// shape is what in the newest initialize result is not of the
	// protocol's shape (mcp.InitializeShape), said by its answer at
	// shapeSeq.
	shape    string
	shapeSeq int64
}

func (n *negotiationIndex) onEvent(r *mcp.Record) {
	if r.Event.Name == "endpoint" {
		n.endpointEvent = r.Event
		n.dirty = true
	}
}

func (n *negotiationIndex) onEndpoint(r *mcp.Record) {
	n.endpoint = r
	if r.Endpoint.Conn != 0 {
		n.conn = r.Endpoint.Conn
	}
	n.dirty = true
}

func (n *negotiationIndex) onState(r *mcp.Record) {
	st := r.State
	if st.Transport != "" {
		n.transport = st.Transport
	}
	switch st.State {
	case mcp.StateGetStream:
		n.getStream, n.getOver = st.Detail, st.Over
		n.dirty = true
		return // a fact about the GET stream, not the session's state
	case mcp.StateListen:
		n.listen = st.Detail
		n.dirty = true
		return
	case mcp.StateResuming, mcp.StateResumed, mcp.StateNotResumed:
		n.resumes = keepNewest(n.resumes, st.Detail, maxResumes)
		n.dirty = true
		return
	case mcp.StateSessionReplaced, mcp.StateExpired:
		n.replaced = r
	case mcp.StateInitialized:
		n.replaced = nil
		if st.Protocol != "" {
			n.init.protocol = st.Protocol
		}
	case mcp.StateFailed:
		n.afterFailure = true
	case mcp.StateReconnecting:
		n.newConn(st.Conn)
		n.init = initFacts{}
	case mcp.StateOpen, mcp.StateConnecting:
		if st.State == mcp.StateConnecting {
			n.newConn(st.Conn)
			// What a server said in an earlier session's initialize
			// (its version, even its era) is not this one's: until
			// this one is initialized it reads "not initialized yet".
			n.init = initFacts{}
		}
		// A new session: what became of the last one's streams, and what
		// went wrong in it, is not this one's (Pairs keeps all of it).
		n.ended, n.getStream, n.getOver, n.resumes = "", "", false, n.resumes[:0]
		n.sources = n.sources[:0]
	case mcp.StateClosed:
		if st.SessionID != "" {
			n.ended = st.Detail
		}
		if n.getStream != "" && !n.getOver {
			// Closing the session ends its GET stream without a record
			// of its own: "open" would outlive it (seen in every
			// replay of a streamable session mcpscope ended).
			n.getStream, n.getOver = "ended with the session", true
		}
	}
	n.state = st.State
	if st.Conn != 0 {
		n.conn = st.Conn
	}
	n.dirty = true
}

func (n *negotiationIndex) onDetect(r *mcp.Record) {
	n.detect = r.Detect
	if r.Detect.Transport != "" {
		n.transport = r.Detect.Transport
	}
	n.dirty = true
}

// noteSession follows the id of the session in use (id, "" for none): the
// one it replaces is kept among the earlier sessions.
func (n *negotiationIndex) noteSession(id string) {
	if id == "" || id == n.session {
		return
	}
	if n.session != "" {
		n.sessionsBefore = keepNewest(n.sessionsBefore, n.session, maxResumes)
		n.dirty = true
	}
	n.session = id
}

// onResent keeps the newest requests sent again, as many as redirects.
func (n *negotiationIndex) onResent(h *mcp.HTTPExchange) {
	n.resent = keepNewest(n.resent, h, maxRedirects)
	n.dirty = true
}

// keepNewest appends v to s, dropping the oldest when s holds limit already:
// a session reconnecting or redirected all day keeps the newest few.
func keepNewest[T any](s []T, v T, limit int) []T {
	if len(s) == limit {
		s = append(s[:0], s[1:]...)
	}
	return append(s, v)
}

// onRedirects keeps the newest redirects any exchange followed.
func (n *negotiationIndex) onRedirects(h *mcp.HTTPExchange) {
	for _, hop := range h.Redirects {
		n.redirects = keepNewest(n.redirects, hop, maxRedirects)
	}
	n.dirty = true
}

func (n *negotiationIndex) streamGET(r *mcp.Record) {
	n.againAfterFailure(r)
	n.stream = r
	if r.HTTP.Conn != 0 {
		n.conn = r.HTTP.Conn
	}
	n.httpProblem(r)
	n.dirty = true
}

func (n *negotiationIndex) post(r *mcp.Record) {
	// The pane counts these as POSTs: the streamable GET, its resumes and
	// the DELETE have rows of their own, and among the POSTs they would
	// misstate how many POSTs went and how they were answered.
	// A probe the server refused is detection's, shown with the Detect
	// rows; among the session's POSTs it read as the session failing: a
	// legacy server reached at its base URL (the Docker MCP Gateway's
	// --transport sse) said "POSTs 400 ×2" before it was sent any.
	n.againAfterFailure(r)
	refusedProbe := r.HTTP.Purpose == mcp.PurposeProbe && !accepted(r.HTTP)
	if m := r.HTTP.Method; (m == "" || m == http.MethodPost) && !refusedProbe {
		if n.afterFailure {
			// The attempt that failed is over: this POST begins the next.
			n.earlier, n.afterFailure = len(n.posts), false
		}
		if len(n.posts) == MaxPosts {
			n.earlier = max(0, n.earlier-1)
		}
		n.posts = keepNewest(n.posts, r.HTTP, MaxPosts)
	}
	n.httpProblem(r)
	n.dirty = true
}

// againAfterFailure starts the problems of a new try when detection runs
// again after one that found nothing (r after "no transport worked"):
// what the last try met is the last try's, and listed beside this try's
// it read as this one's (Pairs keeps all of it). Only a probe says so: a
// POST after a session failed is a request in it.
func (n *negotiationIndex) againAfterFailure(r *mcp.Record) {
	if n.afterFailure && r.HTTP.Purpose == mcp.PurposeProbe {
		n.sources = n.sources[:0]
	}
}

// newConn starts connection conn: the POSTs of earlier connections are
// earlier. Detection's probes carry no connection (they come before one
// is counted), so they stay with the connection they led to.
func (n *negotiationIndex) newConn(conn int) {
	n.afterFailure = false
	for i := len(n.posts) - 1; i >= n.earlier; i-- {
		if c := n.posts[i].Conn; c != 0 && c != conn {
			n.earlier = i + 1
			break
		}
	}
}

func (n *negotiationIndex) httpProblem(r *mcp.Record) {
	if r.HTTP.Purpose == mcp.PurposeProbe {
		return // the Detect record says what probes showed
	}
	if r.HTTP.Purpose == mcp.PurposeGet && r.HTTP.Status == http.StatusNotFound && mcp.RecordedHeader(r.HTTP.RequestHeaders, "Mcp-Session-Id") == "" {
		return // no session went, so no GET route: the GET-stream state says so
	}
	switch r.HTTP.Status {
	case http.StatusUnauthorized, http.StatusForbidden, http.StatusNotFound, http.StatusUnsupportedMediaType:
		n.addSource(r)
	}
}

// Capabilities are the capabilities the server declared, as Negotiation
// has them, without building the rest of it: the command line reads them
// on every batch of records, where the Negotiation pane may not be shown.
func (l *Log) Capabilities() json.RawMessage { return l.neg.init.capabilities }

// Negotiation returns the negotiation pane's data. The pointer is owned by
// the Log and refreshed by later calls.
func (l *Log) Negotiation() *Negotiation {
	n := &l.neg
	if !n.dirty {
		return &n.cache
	}
	n.dirty = false
	c := Negotiation{
		Detect:            n.detect,
		Transport:         n.transport,
		GetStream:         n.getStream,
		Resumes:           append([]string(nil), n.resumes...),
		Ended:             n.ended,
		Redirects:         append([]mcp.Redirect(nil), n.redirects...),
		Resent:            append([]*mcp.HTTPExchange(nil), n.resent...),
		Client:            n.client,
		ClientName:        n.clientInfo.name,
		ClientVersion:     n.clientInfo.version,
		Posts:             append([]*mcp.HTTPExchange(nil), n.posts[n.earlier:]...),
		EarlierPosts:      append([]*mcp.HTTPExchange(nil), n.posts[:n.earlier]...),
		EndpointEvent:     n.endpointEvent,
		SupportedVersions: n.init.supported,
		Listen:            n.listen,
		ServerName:        n.init.name,
		ServerVersion:     n.init.version,
		ProtocolVersion:   n.init.protocol,
		Capabilities:      n.init.capabilities,
		Instructions:      n.init.instructions,
		State:             n.state,
		Conn:              n.conn,
		SessionID:         n.check.SessionID(),
		EarlierSessions:   slices.DeleteFunc(slices.Clone(n.sessionsBefore), func(id string) bool { return id == n.check.SessionID() }),
	}
	if n.stream != nil {
		c.Stream = n.stream.HTTP
		c.FirstByte = n.stream.HTTP.Duration
	}
	if n.endpoint != nil {
		c.Endpoint = n.endpoint.Endpoint
	}
	c.Problems = l.problems()
	n.cache = c
	return &n.cache
}

// PostsElsewhere reports an endpoint whose messages go to an alternative
// of the URL the endpoint event named (its fallback, or its path under the
// stream's prefix) because that URL did not work. A proxy's records name
// the proxy's own URL in use: only the alternatives a client of ours
// switches to are a switch.
func PostsElsewhere(ep *mcp.Endpoint) bool {
	alt := ep.InUse
	return alt != "" && alt != ep.Preferred && (alt == ep.Fallback || alt == ep.Prefixed)
}

func (l *Log) problems() []Problem {
	n := &l.neg
	var ps []Problem
	if n.endpoint != nil {
		ep := n.endpoint.Endpoint
		if PostsElsewhere(ep) {
			which := "fallback URL"
			if ep.InUse == ep.Prefixed {
				which = "URL under the stream's prefix"
			}
			ps = append(ps, Problem{Level: LevelWarning, Seq: n.endpoint.Seq,
				Message: fmt.Sprintf("posting to the %s %s, not %s as the endpoint event said: %s", which, ep.InUse, ep.Preferred, ep.Reason)})
		}
		if ep.Elapsed > slowEndpoint {
			ps = append(ps, Problem{Level: LevelWarning, Seq: n.endpoint.Seq,
				Message: "the endpoint event took " + FormatMeasured(ep.Elapsed) + " to arrive",
				Hint:    "clients with a short connect timeout give up before this server is ready"})
		}
	}
	ps = append(ps, n.check.Problems()...)
	if n.init.shape != "" {
		ps = append(ps, Problem{Level: LevelWarning, Seq: n.init.shapeSeq, Message: sanitize.Line(n.init.shape)})
	}
	if n.replaced != nil {
		// A reconnect's new session is open and waits for initialize:
		// "start a new session: the old session id is dropped" (an
		// expired session's advice) read as if r had not opened one.
		msg := "reconnect opened a new session that was never initialized"
		fact := &advice.Fact{Cause: mcp.CauseUninitialized}
		if n.replaced.State.State == mcp.StateExpired || n.replaced.State.SessionID != "" {
			// A switch on the same stream names its session and says
			// in its detail how it came; a reconnect's has the words above.
			msg = n.replaced.State.Detail
			fact.Cause = mcp.CauseSessionExpired
		}
		level := LevelWarning
		if n.state == mcp.StateClosed {
			// Over: "send initialize first" (in a replay "press i",
			// which sends nothing) was advice no one can take.
			msg, level, fact = msg+" before the session closed", LevelInfo, nil
		}
		ps = append(ps, Problem{Level: level, Seq: n.replaced.Seq, Message: msg, Fact: fact})
	}
	for _, r := range n.sources {
		if p, ok := l.problemOf(r); ok {
			ps = append(ps, p)
		}
	}
	sort.SliceStable(ps, func(i, j int) bool { return ps[i].Seq < ps[j].Seq })
	// The same failure repeated is one problem, dated by its newest record.
	seen := make(map[string]int, len(ps))
	out := ps[:0]
	for _, p := range ps {
		k := p.Level + "\x00" + p.Message + "\x00" + p.Advice(advice.TUI)
		if i, ok := seen[k]; ok {
			out[i].Seq = p.Seq
			continue
		}
		seen[k] = len(out)
		out = append(out, p)
	}
	// A failure a later one wraps whole ("notifications/initialized …
	// failed: POST … answered 400 …" after that POST's own "POST …
	// answered 400 …") is said by it: the pane said one failure twice.
	wrapped := make([]bool, len(out))
	for i, p := range out {
		wrapped[i] = p.Level == LevelError && slices.ContainsFunc(out, func(q Problem) bool {
			return q.Level == LevelError && q.Seq > p.Seq && wrapsWhole(q.Message, p.Message)
		})
	}
	kept := out[:0]
	for i, p := range out {
		if !wrapped[i] {
			kept = append(kept, p)
		}
	}
	out = kept
	if len(out) > maxSources {
		out = out[len(out)-maxSources:]
	}
	return out
}

// wrapsWhole reports whether failure message outer says inner whole, as
// the step it failed ("notifications/initialized … failed: " + inner):
// one failure, said twice.
func wrapsWhole(outer, inner string) bool {
	return inner != "" && strings.HasSuffix(outer, ": "+inner)
}
