package mcptest

import (
	"crypto/rand"
	"net/http"
	"time"
)

// StreamableOptions script a StreamableServer. The zero value is a
// well-behaved stateful streamable HTTP server shaped like the official Go
// SDK's handler: SSE answers whose headers go out with the first event, no
// event ids, no event store, a GET stream that says ": ok" at once, DELETE
// 204 and 404 text/plain for an unknown session.
type StreamableOptions struct {
	// Capabilities are what initialize's answer declares; nil: tools,
	// resources, prompts and logging. A test whose Handle answers a
	// method of another capability declares it, or mcpscope notes the
	// answer as one the server did not declare.
	Capabilities map[string]any

	// Path is the one endpoint; default "/mcp".
	Path string

	// SessionID makes a session id on initialize; default crypto/rand.Text
	// (26 base32 characters). See SessionUUID and SessionHex.
	SessionID func() string

	// NoSessionID issues no Mcp-Session-Id: every request shares one
	// session and needs no header, as from a server without sessions.
	NoSessionID bool

	// Lenient answers a request that names no session (server/discover,
	// say) with an empty result instead of refusing it: a server that
	// answers any method with {}.
	Lenient bool

	// Versions are the protocol versions initialize agrees to, oldest first;
	// default 2025-03-26, 2025-06-18, 2025-11-25. Any other version asked
	// for gets the last one.
	Versions []string

	// Answer is how requests are answered; AnswerDefault means AnswerSSE.
	// AnswerFor overrides it per JSON-RPC method, and Exchange.JSON and
	// Exchange.SSE per call.
	Answer    AnswerMode
	AnswerFor map[string]AnswerMode

	// FlushHeaders sends an SSE answer's status and headers at once instead
	// of with its first event.
	FlushHeaders bool

	// Priming opens every SSE answer with a priming event: an id and empty
	// data ("id: s1_1\ndata: \n\n"), as 2025-11-25 servers may.
	//
	// FlushHeaders and Priming act before Handle runs, on the methods that
	// Answer and AnswerFor make SSE; Exchange.JSON cannot undo them.
	Priming bool

	// EventIDs is how events are numbered; IDsAuto numbers them per stream
	// when there is a store or priming, and not at all otherwise.
	EventIDs IDStyle

	// Store chooses the event store a GET with Last-Event-ID resumes from;
	// StoreNone answers such a GET 400 "stream replay unsupported".
	Store StoreMode

	// GET is what GET (without Last-Event-ID) answers.
	GET GETMode

	// Delete is what DELETE answers.
	Delete DeleteMode
	// DeleteAfter, when non-zero, holds DELETE's answer that long, as a
	// slow link or a server busy ending the session does.
	DeleteAfter time.Duration

	// ExpireAfter, when non-zero, lets that many POSTs name a session after
	// its initialize; the next one expires it and gets the Gone answer, and
	// so does every later request. Session.Expire does it on demand.
	ExpireAfter int

	// Gone is the answer to a request naming an unknown, expired or deleted
	// session.
	Gone GoneShape

	// AcceptStatus answers a request whose Accept lacks a type it needs;
	// default 406. The Go SDK answers 400.
	AcceptStatus int

	// RequireProtocolVersion answers 400 to a request after initialize that
	// has no MCP-Protocol-Version header. A header that differs from the
	// negotiated version always gets 400.
	RequireProtocolVersion bool

	// RejectModern answers a request carrying 2026-07-28 metadata (the _meta
	// protocolVersion, or an MCP-Protocol-Version of 2026-07-28 or later)
	// with 400 and JSON-RPC -32022 listing Versions as data.supported, as
	// the Go SDK's stateful handler does. Without it such a request is
	// treated like any other (a server/discover without a session gets 400
	// text/plain).
	RejectModern bool

	// Handle decides what happens to each POSTed message once the transport
	// checks passed; default (*Exchange).Default.
	Handle func(x *Exchange)

	// Tools is the tool list; nil means StreamableTools().
	Tools []Tool

	// ToolPages splits tools/list into this many pages chained by
	// nextCursor; 0 or 1 means one page.
	ToolPages int
}

// StoreMode is the event store of a streamable fake.
type StoreMode int

const (
	// StoreNone keeps nothing: a GET with Last-Event-ID gets 400 "stream
	// replay unsupported".
	StoreNone StoreMode = iota
	// StoreStream replays the missed events of the stream the id names,
	// then goes on live on it.
	StoreStream
	// StoreAllStreams replays the later events of every stream of the
	// session, not just the one asked for (one SDK's store does this).
	StoreAllStreams
)

// GETMode is how a streamable fake answers GET.
type GETMode int

const (
	// GETOK opens the stream and writes ": ok\n\n" at once (the Go SDK).
	GETOK GETMode = iota
	// GETSilent opens the stream and sends no byte until something happens.
	GETSilent
	// GETNone answers 405: the server offers no GET stream.
	GETNone
	// GETEnds answers 200 with an event stream that says only "retry: 0"
	// and ends at once: a server that asks to be reconnected to at once,
	// forever.
	GETEnds
)

// DeleteMode is how a streamable fake answers DELETE.
type DeleteMode int

const (
	// Delete204 ends the session and answers 204.
	Delete204 DeleteMode = iota
	// Delete200 ends the session and answers 200 with no body.
	Delete200
	// Delete405 refuses: the server does not let clients end sessions.
	Delete405
)

// GoneShape is the answer to a request naming a session the fake does not
// have (never had, expired or deleted).
type GoneShape int

const (
	// Gone404 answers 404 text/plain "session not found" (the Go SDK).
	Gone404 GoneShape = iota
	// Gone400JSONRPC answers 400 application/json with JSON-RPC error
	// -32000 and no id member (the TypeScript SDK's examples).
	Gone400JSONRPC
)

// streamableVersions are the stateful streamable protocol versions.
var streamableVersions = []string{"2025-03-26", "2025-06-18", "2025-11-25"}

// withDefaults fills the zero fields that have a default value.
func (o StreamableOptions) withDefaults() StreamableOptions {
	if o.Path == "" {
		o.Path = "/mcp"
	}
	if o.SessionID == nil {
		o.SessionID = rand.Text
	}
	if len(o.Versions) == 0 {
		o.Versions = streamableVersions
	}
	if o.Answer == AnswerDefault {
		o.Answer = AnswerSSE
	}
	if o.EventIDs == IDsAuto {
		o.EventIDs = IDsNone
		if o.Store != StoreNone || o.Priming {
			o.EventIDs = IDsPerStream
		}
	}
	if o.AcceptStatus == 0 {
		o.AcceptStatus = http.StatusNotAcceptable
	}
	if o.Handle == nil {
		o.Handle = (*Exchange).Default
	}
	if o.Tools == nil {
		o.Tools = StreamableTools()
	}
	return o
}
