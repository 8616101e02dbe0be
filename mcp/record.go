package mcp

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"
)

// Kind says which part of a Record is filled in.
type Kind string

// The kinds of Record. Exactly one of the matching pointer fields is set.
const (
	KindHTTP     Kind = "http"     // Record.HTTP: a request and its answer
	KindEvent    Kind = "event"    // Record.Event: one SSE event as parsed
	KindEndpoint Kind = "endpoint" // Record.Endpoint: the negotiation result
	KindSent     Kind = "sent"     // Record.RPC: a JSON-RPC message we sent
	KindReceived Kind = "received" // Record.RPC: a JSON-RPC message from the server
	KindState    Kind = "state"    // Record.State: the connection changed state
	KindError    Kind = "error"    // Record.Error: something failed
	KindDetect   Kind = "detect"   // Record.Detect: which transport was chosen, and why
)

// Record is one entry of the session log. Everything a session does becomes a
// Record, in order; the recorder, the index and the UI all read the same
// sequence, so a replay shows exactly what the live session showed.
type Record struct {
	Seq      int64         `json:"seq"`
	Time     time.Time     `json:"time"`
	Kind     Kind          `json:"kind"`
	HTTP     *HTTPExchange `json:"http,omitempty"`
	Event    *SSEEvent     `json:"event,omitempty"`
	Endpoint *Endpoint     `json:"endpoint,omitempty"`
	RPC      *RPCMessage   `json:"rpc,omitempty"`
	State    *StateChange  `json:"state,omitempty"`
	Error    *ErrorInfo    `json:"error,omitempty"`
	Detect   *Detection    `json:"detect,omitempty"`
}

// SSEEvent is one server-sent event exactly as parsed, with the bytes it was
// parsed from, including comment lines that parsers normally drop.
type SSEEvent struct {
	Conn int `json:"conn"`
	// Stream names the stream it came on (a Stream constant; "" in
	// recordings older than streamable HTTP means the legacy GET stream),
	// and ReqSeq the request whose response stream it is.
	Stream   string   `json:"stream,omitempty"`
	ReqSeq   int64    `json:"req_seq,omitempty"`
	Name     string   `json:"name,omitempty"` // the event field; empty when unnamed
	ID       string   `json:"id,omitempty"`
	HasID    bool     `json:"has_id,omitempty"`
	Retry    string   `json:"retry,omitempty"`
	Data     Raw      `json:"data,omitempty"`
	Comments []string `json:"comments,omitempty"`
	Raw      Raw      `json:"raw"`
	// dataAt is where the value of the event's only data line lies in Raw,
	// as the tap framed it; hasDataAt says it is known (live events with
	// one data line). Not recorded: it is derived from Raw.
	dataAt    span
	hasDataAt bool
	// Cut says go-sse never parsed the block: the stream stopped before
	// it (an event past the size limit, or cut off). Recorded, so a
	// replay shows the block as the live session did.
	Cut bool `json:"cut,omitempty"`
}

// WithData returns the event's raw bytes with the value of its one data
// line replaced by value, every other byte kept. It reports false when
// the event is not one whose data line the tap framed (several data lines,
// or an event read back from a recording): the proxy rewrites the legacy
// endpoint event this way, without reading SSE fields a second time.
func (e *SSEEvent) WithData(value string) (string, bool) {
	if !e.hasDataAt {
		return "", false
	}
	raw := string(e.Raw)
	return raw[:e.dataAt.from] + value + raw[e.dataAt.to:], true
}

// The streams an event can arrive on.
const (
	StreamLegacy   = "sse"      // the legacy HTTP+SSE GET stream
	StreamResponse = "response" // the SSE answer to one POSTed request (resumed ones too)
	StreamGet      = "get"      // the streamable GET stream for server-initiated messages
	StreamListen   = "listen"   // a 2026 subscriptions/listen stream
	StreamJSON     = "json"     // not a stream: a POST's application/json answer body
)

// Unparsed reports a block the parser never reached: the stream stopped
// before it (an event past the size limit, or the stream cut off inside
// it). Its bytes are kept; what event they are, if any, is not known.
func (e *SSEEvent) Unparsed() bool { return e.Cut }

// Dispatched reports whether an EventSource would dispatch this event: blocks
// holding only comments or retry are bookkeeping, not events.
func (e *SSEEvent) Dispatched() bool { return e.Name != "" || e.HasID || e.Data != "" }

// Endpoint is the result of the endpoint negotiation: what the server said and
// how mcpscope turned it into a URL to POST to.
type Endpoint struct {
	Conn         int           `json:"conn"`
	Data         Raw           `json:"data"`      // the endpoint event's data, untouched
	Base         string        `json:"base"`      // the URL it was resolved against
	Preferred    string        `json:"preferred"` // Data resolved against Base
	Fallback     string        `json:"fallback,omitempty"`
	Prefixed     string        `json:"prefixed,omitempty"` // Data's path under the stream URL's prefix (a reverse proxy's)
	SessionID    string        `json:"session_id,omitempty"`
	SessionParam string        `json:"session_param,omitempty"` // spelling seen: sessionid, sessionId, session_id
	InUse        string        `json:"in_use"`
	Reason       string        `json:"reason"`
	Elapsed      time.Duration `json:"elapsed"` // from the GET to the endpoint event
}

// Direction of a JSON-RPC message.
const (
	DirOut = "out"
	DirIn  = "in"
)

// OurRequest names a request of ours: its record's Seq and what it asked,
// its method and, for tools/call, the tool ("tools/call echo").
type OurRequest struct {
	Seq  int64  `json:"seq"`
	What string `json:"what"`
}

// Class says what role a JSON-RPC message plays in the conversation.
type Class string

// The classes of JSON-RPC messages.
const (
	ClassRequest       Class = "request"        // our request
	ClassNotification  Class = "notification"   // a notification, either way
	ClassResponse      Class = "response"       // the answer to one of our requests
	ClassLate          Class = "late"           // an answer after its request timed out
	ClassDuplicate     Class = "duplicate"      // another answer to a request answered already, or a server request replayed (ReqSeq: its first record)
	ClassForeign       Class = "foreign"        // an answer to an id we never sent
	ClassServerRequest Class = "server-request" // a request the server sent us
	ClassReply         Class = "reply"          // our answer to a server request
	ClassBatch         Class = "batch"          // a JSON array of messages
	ClassInvalid       Class = "invalid"        // not a JSON-RPC message
)

// RPCMessage is a JSON-RPC message with its exact bytes and what the session
// made of it.
type RPCMessage struct {
	Dir       string `json:"dir"`
	Class     Class  `json:"class"`
	ID        string `json:"id,omitempty"` // the id's JSON text, e.g. 3 or "a"
	Method    string `json:"method,omitempty"`
	Tool      string `json:"tool,omitempty"`      // the tool name of a tools/call
	ReqSeq    int64  `json:"req_seq,omitempty"`   // for answers: Seq of the request record
	RPCError  bool   `json:"rpc_error,omitempty"` // the answer carries a JSON-RPC error
	ToolError bool   `json:"tool_error,omitempty"`
	// OddIsError is a tools/call result whose isError is neither a
	// boolean nor null ("yes", 1): read as no error, and said so, since
	// the server may have meant the tool failed.
	OddIsError bool `json:"odd_is_error,omitempty"`
	// Ambiguous is an answer or a server's request in which Ambiguities
	// finds something JSON readers may take differently. It is read once, as it comes
	// (or is read back from a recording, which does not hold it: see
	// NoteAnswer), so a view asks Ambiguities for its words only when
	// there are some, not again over a large answer's bytes each time.
	Ambiguous bool `json:"-"`
	// InputRequired is a 2026 answer whose result's resultType is
	// "input_required": a round asking for input, not the request's end
	// (when its method may ask: MayAskForInput). Read once, as Ambiguous.
	InputRequired bool `json:"-"`
	// OddResult is the first byte of an answer's result that is no object
	// ('n' for null, '"' for a string, '[' for an array), 0 for the object
	// an MCP result is or for no result: a view says a result of another
	// kind without reading the answer again. Read once, as Ambiguous.
	OddResult byte `json:"-"`
	Conn      int  `json:"conn,omitempty"`
	// Stream is how it travelled (a Stream constant); "" means the legacy
	// stream for what came in and a POST for what went out.
	Stream string `json:"stream,omitempty"`
	// Chain is, for a later round of a multi round-trip request, the Seq
	// of the chain's first request.
	Chain int64 `json:"chain,omitempty"`
	// ForeignSubscription is, on a notification naming a 2026 subscription
	// id (_meta io.modelcontextprotocol/subscriptionId) that is none of
	// our open listen requests' ids, that id's JSON text: it is for a
	// subscription we do not have, and was not acted on.
	ForeignSubscription string `json:"foreign_subscription,omitempty"`
	// CancelsOurs is, on a notifications/cancelled whose requestId names
	// no request of the server's that waits for its answer but one of ours
	// in flight, that request of ours: a cancellation names a request its
	// sender sent, so the server cancelled one of its own that is not
	// there, or (more likely) meant ours, which it may answer anyway.
	CancelsOurs *OurRequest `json:"cancels_ours,omitempty"`
	// UserStream marks a 2026 subscriptions/listen request the user sent by
	// hand: a subscription of its own beside the session's (the
	// specification lets a client hold several at once), so its
	// resourceSubscriptions are not what the session is subscribed to.
	UserStream bool `json:"user_stream,omitempty"`
	// Replayed marks a notification that came in an event whose id had
	// come already: a resumed stream sending again what it sent before
	// Last-Event-ID. It is shown, but it is no news: its progress is not
	// read as the request going back.
	Replayed bool `json:"replayed,omitempty"`
	// Auto is, on a request mcpscope sent on its own rather than one the
	// user typed, why it sent it (Automatic): "" for the user's own.
	Auto string `json:"auto,omitempty"`
	Raw  Raw    `json:"raw"`
	// Heard is, on a message a proxied client sent, the credentials of
	// the request that carried it: a recording learns them before it
	// writes the message, which may hold one (a tool's argument "Bearer
	// T"), where the request's exchange is recorded only once upstream
	// answered. Not recorded.
	Heard *HeardRequest `json:"-"`
}

// HeardRequest is what of the request that carried a proxied client's
// message holds its credentials (RPCMessage.Heard).
type HeardRequest struct {
	// Headers are its credential headers (urlpass.SecretHeader's),
	// bounded as a record's RequestHeaders are, and HeadersCut its
	// RequestHeadersCut.
	Headers    map[string][]string
	HeadersCut map[string]int
	// URI is its request URI, when its query holds a credential
	// (urlpass.QueryParams): a client's key given anew mid-session
	// (?token=B) came in its message before any record of its URL.
	URI string
}

// The states of a session's connection.
const (
	StateConnecting      = "connecting"
	StateOpen            = "open" // stream up and endpoint known
	StateReconnecting    = "reconnecting"
	StateSessionReplaced = "session-replaced" // a reconnect gave a new, uninitialized session
	StateInitialized     = "initialized"
	StateClosed          = "closed"
	StateFailed          = "failed"          // no transport could be opened; nothing retries until the user does
	StateResuming        = "resuming"        // a dropped stream is being resumed with Last-Event-ID
	StateResumed         = "resumed"         // it was, and goes on
	StateNotResumed      = "not-resumed"     // it was not: its request ended (cancelled, timed out), its session was replaced or expired, or the GET failed
	StateExpired         = "session-expired" // the server no longer knows the session id
	StateGetStream       = "get-stream"      // what became of the optional GET stream (Detail says)
	StateListen          = "listen"          // what became of the 2026 listen stream (Detail says)
)

// StateChange marks a change of the connection's state.
type StateChange struct {
	State     string `json:"state"`
	Conn      int    `json:"conn,omitempty"`
	Detail    string `json:"detail,omitempty"`
	URL       string `json:"url,omitempty"`
	Transport string `json:"transport,omitempty"`
	Protocol  string `json:"protocol,omitempty"`   // the protocol version in use, once known
	SessionID string `json:"session_id,omitempty"` // the session, when the transport names one
	// OtherSessionIDs, on a StateOpen of a streamable session, are the
	// values of the initialize answer's Mcp-Session-Id headers past the
	// first, which names the session: none when it had one.
	OtherSessionIDs []string `json:"other_session_ids,omitempty"`
	// TrailerOnly, on a StateOpen of a streamable session, names the MCP
	// headers (Mcp-Session-Id, Mcp-Protocol-Version) its initialize answer
	// sent only in its trailer, which clients ignore (TrailerOnlyNote).
	TrailerOnly []string `json:"trailer_only,omitempty"`
	// OtherVersions, on a StateOpen of a streamable session, are the
	// values of its initialize answer's MCP-Protocol-Version headers past
	// the first that say another version (OtherVersionsNote).
	OtherVersions []string `json:"other_versions,omitempty"`
	// Over, on a StateGetStream or StateListen, says that stream is over
	// for good: nothing reopens it, so no server message comes on it.
	Over bool `json:"over,omitempty"`
	// Subscriptions, on a StateListen of a session that opens no listen
	// stream (--no-listen), are the resources subscribed to all the same,
	// sorted (empty once the last is unsubscribed): what a listen stream
	// would carry, though none does. Nil on every other state.
	Subscriptions *[]string `json:"subscriptions,omitempty"`
	// Auto, on a StateClosed, says mcpscope reopens the stream on its own
	// after it (the legacy transport's reconnects); on a StateReconnecting,
	// that this is one of those attempts, not one the user asked for.
	// Read those through OnItsOwn, which also reads recordings older than
	// it. On a StateGetStream it says the GET stream failed to open and
	// mcpscope tries it again on its own, and on a StateListen that the
	// 2026 listen stream failed (refused, broken, or ended having served
	// nothing) and mcpscope reopens it on its own (no reconnect of the
	// session, either); a reopening after a stream that was served is
	// routine, and not marked.
	Auto bool `json:"auto,omitempty"`
	// Reopen, on a StateListen, says mcpscope reopens the 2026 listen
	// stream on its own, whether the one before failed (Auto) or was
	// served: the request that follows is no request of the user's.
	// Recordings older than it marked only the reopenings after a failure.
	Reopen bool `json:"reopen,omitempty"`
	// ServerEnded, on a StateClosed of the legacy stream, says the server
	// ended the stream cleanly: nothing broke it and mcpscope did not close
	// it. Read it through ClosedByServer, which also reads recordings older
	// than it.
	ServerEnded bool `json:"server_ended,omitempty"`
	// RetryAsked, on a StateResuming, is the wait the server's retry
	// field asked for when it was past mcpscope's cap, which the wait
	// starting is held to ("3600000 ms (1h)"; UnsayCappedWait): "" when
	// it asked for none so long.
	RetryAsked string `json:"retry_asked,omitempty"`
	// WaitMS, on a state saying mcpscope tries a stream again on its own
	// after a wait (a get-stream or listen try, a legacy stream's closed
	// with Auto, a resuming), is that wait in milliseconds; where the
	// detail names it, it does so as WaitWords writes it. A screen that
	// says the try late says the time left from it (WaitFor), where it
	// had to find the wait in the words. 0 in recordings older than it.
	WaitMS int64 `json:"wait_ms,omitempty"`
}

// WaitFor is st's wait before its try (WaitMS): 0 when it names none.
func (st *StateChange) WaitFor() time.Duration {
	return time.Duration(st.WaitMS) * time.Millisecond
}

// OnItsOwn reports whether st is part of a reconnect mcpscope does on its
// own: the close it follows, or one of its attempts. It is the one place
// that is decided, for the TUI and the history alike. Recordings older
// than Auto said so only by the detail's AutoReconnect prefix on each
// attempt, which is read the same as before.
func (st *StateChange) OnItsOwn() bool {
	if st.State == StateGetStream || st.State == StateListen {
		return false // its Auto is a stream tried again, no reconnect
	}
	return st.Auto || st.State == StateReconnecting && strings.HasPrefix(st.Detail, AutoReconnect)
}

// ClosedByServer reports whether st is the close of a stream the server
// ended cleanly, rather than one that broke or that mcpscope closed.
// Recordings older than ServerEnded said so only by the detail's opening
// words, which are read the same as before.
func (st *StateChange) ClosedByServer() bool {
	return st.State == StateClosed && (st.ServerEnded || strings.HasPrefix(st.Detail, serverClosedStream))
}

// ErrorInfo is a failure as the wire saw it. Its Cause and the facts beside
// it are what the advice a person reads is chosen from, at the edges; Hint is
// that advice as recordings older than causes kept it.
type ErrorInfo struct {
	Op      string `json:"op"` // one of the Op constants
	Message string `json:"message"`
	Hint    string `json:"hint,omitempty"`
	ReqSeq  int64  `json:"req_seq,omitempty"` // the request this error ended, if any
	// Batch is the Seq of the client's batch whose POST failed: on the
	// failure of each request in it (with its ReqSeq), and then on the
	// POST's own (without), so a watcher can say the batch once.
	Batch int64 `json:"batch,omitempty"`
	Conn  int   `json:"conn,omitempty"`
	Cause Cause `json:"cause,omitempty"`
	// Status is the HTTP status that failed, Purpose the exchange's, and
	// Transport the transport in use.
	Status    int    `json:"status,omitempty"`
	Purpose   string `json:"purpose,omitempty"`
	Transport string `json:"transport,omitempty"`
	// Header holds the answer's headers that advice quotes
	// (WWW-Authenticate, Allow, Content-Type, Retry-After).
	Header map[string]string `json:"header,omitempty"`
	// Code is the JSON-RPC error code the failure wraps, if any.
	Code int `json:"code,omitempty"`
	// Answered says the server had answered before in this session, and
	// Addr is the host:port that did not answer (WireError's fields).
	Answered bool   `json:"answered,omitempty"`
	Addr     string `json:"addr,omitempty"`
	// AnsweredBy is the host:port of the server a followed redirect led
	// to, when it, not the URL's, gave the failed status (WireError's
	// field). Recordings made before it was kept have none.
	AnsweredBy string `json:"answered_by,omitempty"`
	// Probe is the transport whose detection probe met the failure
	// detection stopped at (WireError's field).
	Probe string `json:"probe,omitempty"`
	// Credentialed says the refused request carried an Authorization
	// header (WireError's field).
	Credentialed bool `json:"credentialed,omitempty"`
	// Reconnecting says mcpscope was reopening the broken stream on its
	// own when this failed (WireError's field).
	Reconnecting bool `json:"reconnecting,omitempty"`
	// Unread says an error with id null came back while the request
	// waited: the server could not read it (WireError's field).
	Unread bool `json:"unread,omitempty"`
	// Mislabelled says a 2xx answer of another Content-Type held the
	// request's own JSON-RPC result (WireError's field).
	Mislabelled bool `json:"mislabelled,omitempty"`
	Overridden  bool `json:"overridden,omitempty"` // a -H replaced a POST's label header (WireError's field)
	// Met is what a wait for the server that ran out met (WireError's
	// field): advice for a server stuck mid-answer is not a wrong port's.
	Met string `json:"met,omitempty"`
	// StatusLine is the HTTP status as the server wrote it, which Message
	// quotes before the body's first line (WireError's field): a reason
	// phrase of the server's own may hold ": " too. Recordings made
	// before it was kept have none.
	StatusLine string `json:"status_line,omitempty"`
	// Unanswered are the inputRequests keys of a 2026 round (op input,
	// cause unanswered) whose wait ran out, so a re-run leaves that
	// question unanswered again and answers the others as recorded.
	// Recordings made before it was kept have none.
	Unanswered []string `json:"unanswered,omitempty"`
	// Given are the answers the user gave in that round (op input,
	// cause unanswered or declined) before its asking ended, or as its
	// call was cancelled (op cancelled), by key: the
	// round was not sent again, so no request holds them, and a re-run
	// gives them again from here. Recordings made before it was kept
	// have none. Each is kept as Raw, a string, so a recording redacts
	// them as it does the same answer sent in a request (history's
	// redactor replaces credentials in strings, not in []byte).
	Given map[string]Raw `json:"given,omitempty"`
	// Reopened says those reconnects reopened the stream later. It is
	// never recorded (a record says what was known when it was written):
	// the history sets it on the failure it hands out once they did.
	Reopened bool `json:"-"`
	// UserReconnected says the user reconnected (r) while those
	// reconnects were under way, which ended them. Like Reopened, the
	// history sets it and it is never recorded.
	UserReconnected bool `json:"-"`
}

// The values of ErrorInfo.Op. Timeout, post and cancelled end a request.
const (
	OpConnect   = "connect"   // the stream could not be opened
	OpNegotiate = "negotiate" // no usable endpoint
	OpPost      = "post"      // a POST failed
	OpTimeout   = "timeout"   // no answer in time
	OpCancelled = "cancelled" // the caller stopped waiting
	OpReply     = "reply"     // our answer to a server request failed
	OpStream    = "stream"    // the stream ended or broke
	OpProbe     = "probe"     // a detection probe was refused: a verdict about the transport
	OpInput     = "input"     // a multi round-trip request stopped: what its answer asked for was not given
	OpRequest   = "request"   // a proxied client's request broke a rule of JSON-RPC (CauseIDReused): said of the request, which it does not end
)

// Payloads are the wire bytes r holds (an event's, a message's, a body's),
// "" where it has none: what holding r costs beyond its fixed size.
func (r *Record) Payloads() [3]Raw {
	var p [3]Raw
	if r.Event != nil {
		p[0] = r.Event.Raw
	}
	if r.RPC != nil {
		p[1] = r.RPC.Raw
	}
	if r.HTTP != nil {
		p[2] = r.HTTP.Body
	}
	return p
}

// recordOverhead is what a record costs beyond its payloads, roughly: the
// record, its parts and their strings.
const recordOverhead = 512

// Weight is roughly what holding r costs, in bytes: its Payloads and
// recordOverhead. The log's backlog bound and replay's cache budget both
// count records by it.
func (r *Record) Weight() int {
	n := recordOverhead
	for _, p := range r.Payloads() {
		n += len(p)
	}
	return n
}

// Raw is bytes from the wire kept exactly. It is a string so it can be shared
// with the parser's output without a copy. In JSON it is a string when it is
// valid UTF-8 and {"base64": "..."} otherwise, so nothing is lost on disk.
type Raw string

// MarshalJSON implements json.Marshaler.
func (r Raw) MarshalJSON() ([]byte, error) {
	if utf8.ValidString(string(r)) {
		return json.Marshal(string(r))
	}
	return json.Marshal(struct {
		Base64 string `json:"base64"`
	}{base64.StdEncoding.EncodeToString([]byte(r))})
}

// UnmarshalJSON implements json.Unmarshaler.
func (r *Raw) UnmarshalJSON(b []byte) error {
	if len(b) > 0 && b[0] == '{' {
		var v struct {
			Base64 string `json:"base64"`
		}
		if err := json.Unmarshal(b, &v); err != nil {
			return err
		}
		d, err := base64.StdEncoding.DecodeString(v.Base64)
		if err != nil {
			return fmt.Errorf("raw bytes: %w", err)
		}
		*r = Raw(d)
		return nil
	}
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	*r = Raw(s)
	return nil
}
