package mcptest

import (
	"net/http"
	"time"
)

// StatelessOptions script a StatelessServer. The zero value is a
// well-behaved modern-only 2026-07-28 server answering with
// application/json unless notifications come first.
type StatelessOptions struct {
	// Path is the one endpoint; default "/mcp".
	Path string

	// Versions are the supportedVersions of server/discover, and the only
	// _meta protocolVersion values accepted; default ["2026-07-28"].
	Versions []string

	// Answer is how requests are answered; AnswerDefault means AnswerJSON
	// (an answer becomes SSE when events come before the result).
	// AnswerSSE answers everything as SSE, like the Go SDK v1.8.0's
	// stateless handler. AnswerFor overrides it per JSON-RPC method.
	// subscriptions/listen is always SSE.
	Answer    AnswerMode
	AnswerFor map[string]AnswerMode

	// OmitResultType leaves resultType out of results, as an early server
	// would; a client must read a missing one as "complete".
	OmitResultType bool

	// TTLMs and CacheScope go on list, read and discover results; defaults
	// 30000 and "public". NoCacheFields leaves both out.
	TTLMs         int
	CacheScope    string
	NoCacheFields bool

	// MetaOnEveryResult puts _meta io.modelcontextprotocol/serverInfo on
	// every result, not only on server/discover's.
	MetaOnEveryResult bool

	// Instructions is server/discover's instructions; default "A fake
	// 2026-07-28 server for tests."
	Instructions string

	// NoResourceSubscriptions acknowledges a listen stream without the
	// resourceSubscriptions it asked for, as the TypeScript SDK v2 does
	// when its capabilities say resources.subscribe is false; by default
	// they are acknowledged as asked.
	NoResourceSubscriptions bool

	// MismatchWithoutData sends -32020 without data.mismatch, as the Go SDK
	// does; by default data.mismatch is {"header", "expected", "received"}.
	MismatchWithoutData bool

	// Initialize is the answer of a modern-only server to a 2025-style
	// initialize (one without 2026 _meta).
	Initialize InitializeRefusal

	// Methods are extra JSON-RPC methods Handle serves; any method outside
	// the ones Default serves and these gets 404 -32601 before Handle.
	Methods []string

	// KeepAliveEvery writes ": keepalive\n\n" on every listen stream at this
	// interval; Listener.KeepAlive writes one on demand.
	KeepAliveEvery time.Duration

	// Stateful, when set, makes the server serve both eras on one URL:
	// requests carrying 2026 metadata (and server/discover and
	// subscriptions/listen) are stateless, everything else (initialize,
	// session requests, GET, DELETE) goes to a StreamableServer with these
	// options, reachable as StatelessServer.Stateful.
	Stateful *StreamableOptions

	// AcceptStatus answers a POST whose Accept lacks application/json or
	// text/event-stream; default 406.
	AcceptStatus int

	// Handle decides what happens to each request that passed the checks;
	// default (*Exchange).Default.
	Handle func(x *Exchange)

	// Tools is the tool list; nil means StatelessTools().
	Tools []Tool

	// ToolPages splits tools/list into this many pages chained by
	// nextCursor; 0 or 1 means one page.
	ToolPages int
}

// InitializeRefusal is how a modern-only server refuses a 2025 initialize.
type InitializeRefusal int

const (
	// Refuse32022 answers 400 with -32022 and data.supported, so a client
	// can pick a version it shares and go stateless.
	Refuse32022 InitializeRefusal = iota
	// Refuse404 answers 404 with -32601: initialize is no method of 2026.
	Refuse404
)

// modernVersion is the first stateless protocol version.
const modernVersion = "2026-07-28"

// withDefaults fills the zero fields that have a default value.
func (o StatelessOptions) withDefaults() StatelessOptions {
	if o.Path == "" {
		o.Path = "/mcp"
	}
	if len(o.Versions) == 0 {
		o.Versions = []string{modernVersion}
	}
	if o.Answer == AnswerDefault {
		o.Answer = AnswerJSON
	}
	if o.TTLMs == 0 {
		o.TTLMs = 30000
	}
	if o.CacheScope == "" {
		o.CacheScope = "public"
	}
	if o.Instructions == "" {
		o.Instructions = "A fake 2026-07-28 server for tests."
	}
	if o.AcceptStatus == 0 {
		o.AcceptStatus = http.StatusNotAcceptable
	}
	if o.Handle == nil {
		o.Handle = (*Exchange).Default
	}
	if o.Tools == nil {
		o.Tools = StatelessTools()
	}
	return o
}
