package history

import (
	"encoding/json"
	"fmt"
	"net/http"
	"sort"
	"strings"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// Negotiation is what the negotiation pane shows: how the connection came to
// be, what the server said about itself, and what went wrong.
type Negotiation struct {
	Stream        *mcp.HTTPExchange // the newest GET
	FirstByte     time.Duration     // GET -> first byte/headers
	Endpoint      *mcp.Endpoint     // the newest negotiation result
	EndpointEvent *mcp.SSEEvent     // the raw endpoint event
	Posts         []*mcp.HTTPExchange

	ServerName, ServerVersion, ProtocolVersion string
	Capabilities                               json.RawMessage
	Instructions                               string

	State     string
	Conn      int
	SessionID string
	Problems  []Problem
}

// Problem is something the person debugging should know, with what to do
// about it.
type Problem struct {
	Level         string // "error" | "warning" | "info"
	Message, Hint string
	Seq           int64 // the record it came from
}

// The levels of a Problem.
const (
	LevelError   = "error"
	LevelWarning = "warning"
	LevelInfo    = "info"
)

const (
	maxPosts     = 50
	maxSources   = 64
	slowEndpoint = 2 * time.Second
)

// negotiationIndex keeps what Negotiation needs as records arrive; the
// Negotiation itself is built on demand so a flood of records costs nothing
// until the pane is drawn.
type negotiationIndex struct {
	stream        *mcp.Record
	endpoint      *mcp.Record
	endpointEvent *mcp.SSEEvent
	posts         []*mcp.HTTPExchange
	init          struct {
		name, version, protocol, instructions string
		capabilities                          json.RawMessage
	}
	state     string
	conn      int
	sessionID string
	replaced  *mcp.Record // a session-replaced state not yet followed by initialize
	sources   []*mcp.Record

	dirty bool
	cache Negotiation
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
	if r.Endpoint.SessionID != "" {
		n.sessionID = r.Endpoint.SessionID
	}
	n.dirty = true
}

func (n *negotiationIndex) onState(r *mcp.Record) {
	st := r.State
	n.state = st.State
	if st.Conn != 0 {
		n.conn = st.Conn
	}
	switch st.State {
	case mcp.StateSessionReplaced:
		n.replaced = r
	case mcp.StateInitialized:
		n.replaced = nil
	}
	n.dirty = true
}

func (n *negotiationIndex) streamGET(r *mcp.Record) {
	n.stream = r
	if r.HTTP.Conn != 0 {
		n.conn = r.HTTP.Conn
	}
	n.httpProblem(r)
	n.dirty = true
}

func (n *negotiationIndex) post(r *mcp.Record) {
	if len(n.posts) == maxPosts {
		copy(n.posts, n.posts[1:])
		n.posts = n.posts[:maxPosts-1]
	}
	n.posts = append(n.posts, r.HTTP)
	// Streamable HTTP names the session in a header of the initialize answer.
	if id := headerValue(r.HTTP.Headers, "Mcp-Session-Id"); id != "" {
		n.sessionID = id
	}
	n.httpProblem(r)
	n.dirty = true
}

func (n *negotiationIndex) initialized(raw mcp.Raw) {
	var v struct {
		Result struct {
			ProtocolVersion string          `json:"protocolVersion"`
			Capabilities    json.RawMessage `json:"capabilities"`
			Instructions    string          `json:"instructions"`
			ServerInfo      struct {
				Name    string `json:"name"`
				Version string `json:"version"`
			} `json:"serverInfo"`
		} `json:"result"`
	}
	// A malformed result leaves what could be read; the raw answer is
	// still in the pairs pane for the person to see.
	_ = json.Unmarshal([]byte(raw), &v)
	res := v.Result
	n.init.name, n.init.version = res.ServerInfo.Name, res.ServerInfo.Version
	n.init.protocol, n.init.instructions = res.ProtocolVersion, res.Instructions
	n.init.capabilities = res.Capabilities
	n.dirty = true
}

func (n *negotiationIndex) httpProblem(r *mcp.Record) {
	switch r.HTTP.Status {
	case http.StatusUnauthorized, http.StatusForbidden, http.StatusNotFound, http.StatusUnsupportedMediaType:
		n.addSource(r)
	}
}

// addSource remembers a record that may become a problem. Only the newest
// are kept: the pane shows what is wrong now, the pairs pane keeps the rest.
func (n *negotiationIndex) addSource(r *mcp.Record) {
	if len(n.sources) == 2*maxSources {
		n.sources = append(n.sources[:0], n.sources[maxSources:]...)
	}
	n.sources = append(n.sources, r)
	n.dirty = true
}

// Negotiation returns the negotiation pane's data. The pointer is owned by
// the Log and refreshed by later calls.
func (l *Log) Negotiation() *Negotiation {
	n := &l.neg
	if !n.dirty {
		return &n.cache
	}
	n.dirty = false
	c := Negotiation{
		Posts:           append([]*mcp.HTTPExchange(nil), n.posts...),
		EndpointEvent:   n.endpointEvent,
		ServerName:      n.init.name,
		ServerVersion:   n.init.version,
		ProtocolVersion: n.init.protocol,
		Capabilities:    n.init.capabilities,
		Instructions:    n.init.instructions,
		State:           n.state,
		Conn:            n.conn,
		SessionID:       n.sessionID,
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

func (l *Log) problems() []Problem {
	n := &l.neg
	var ps []Problem
	if n.endpoint != nil {
		ep := n.endpoint.Endpoint
		if ep.Fallback != "" && ep.InUse == ep.Fallback && ep.InUse != ep.Preferred {
			ps = append(ps, Problem{Level: LevelWarning, Seq: n.endpoint.Seq,
				Message: fmt.Sprintf("posting to the fallback URL %s, not %s as the endpoint event said", ep.Fallback, ep.Preferred),
				Hint:    ep.Reason})
		}
		if ep.Elapsed > slowEndpoint {
			ps = append(ps, Problem{Level: LevelWarning, Seq: n.endpoint.Seq,
				Message: fmt.Sprintf("the endpoint event took %s to arrive", ep.Elapsed.Round(time.Millisecond)),
				Hint:    "clients with a short connect timeout give up before this server is ready"})
		}
	}
	if n.replaced != nil {
		ps = append(ps, Problem{Level: LevelWarning, Seq: n.replaced.Seq,
			Message: "reconnect opened a new session that was never initialized: press i"})
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
		k := p.Level + "\x00" + p.Message + "\x00" + p.Hint
		if i, ok := seen[k]; ok {
			out[i].Seq = p.Seq
			continue
		}
		seen[k] = len(out)
		out = append(out, p)
	}
	if len(out) > maxSources {
		out = out[len(out)-maxSources:]
	}
	return out
}

func (l *Log) problemOf(r *mcp.Record) (Problem, bool) {
	if r.Kind == mcp.KindError {
		e := r.Error
		return Problem{Level: LevelError, Message: e.Message, Hint: e.Hint, Seq: r.Seq}, true
	}
	// The session follows a failed exchange with an error record that says
	// what to do; the status speaks for itself only when that is missing.
	h := r.HTTP
	if h.Purpose == "stream" {
		for _, s := range l.neg.sources {
			if s.Kind == mcp.KindError && s.Error.Op == mcp.OpConnect && s.Error.Conn == h.Conn && s.Seq > r.Seq {
				return Problem{}, false
			}
		}
	} else if _, p := l.row(h.ReqSeq); h.ReqSeq != 0 && p != nil && p.fail != 0 {
		return Problem{}, false
	}
	return statusProblem(r)
}

func statusProblem(r *mcp.Record) (Problem, bool) {
	h := r.HTTP
	verb := h.Method
	if verb == "" {
		verb = "POST"
	}
	p := Problem{Level: LevelError, Seq: r.Seq,
		Message: fmt.Sprintf("%s answered %d %s", verb, h.Status, http.StatusText(h.Status))}
	switch {
	case h.Status == http.StatusUnauthorized:
		if wa := headerValue(h.Headers, "WWW-Authenticate"); wa != "" {
			p.Message += " (WWW-Authenticate: " + wa + ")"
		}
		p.Hint = "the server wants a token: pass --bearer <token> or set MCPSCOPE_TOKEN (gateways want Authorization: Bearer <token>)"
	case h.Status == http.StatusForbidden:
		p.Hint = "the server refuses this Host or Origin header: connect to localhost or 127.0.0.1, or send the Host and Origin it allows"
	case h.Status == http.StatusNotFound && h.Purpose == "stream":
		p.Hint = "nothing serves a stream at this URL: legacy SSE servers usually serve /sse, streamable HTTP servers /mcp"
	case h.Status == http.StatusNotFound:
		p.Message += ": the server does not know this session"
		p.Hint = "the session ended or the server restarted: reconnect, then initialize the new session"
	case h.Status == http.StatusUnsupportedMediaType:
		p.Hint = "the server wants Content-Type: application/json on every POST"
	default:
		return Problem{}, false
	}
	return p, true
}

// headerValue looks a header up whatever case it was recorded in.
func headerValue(h map[string][]string, name string) string {
	for k, v := range h {
		if strings.EqualFold(k, name) && len(v) > 0 {
			return v[0]
		}
	}
	return ""
}
