package advice

import (
	"encoding/json"
	"errors"
	"strings"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/command"
)

// Asked is what the session knew of a request the server refused: its
// method, the session's transport (which decides the era), and the
// capabilities the server's initialize (or server/discover) answer
// declared, nil when none is known.
type Asked struct {
	Method, Transport string
	Capabilities      json.RawMessage
	// Declined is the method of a question of the server's (sampling) the
	// user declined while the request ran, "" for none: a server fails
	// the request for it with the refusal's code and its SDK's words.
	// Server text: the advice cuts it as every line cuts a method
	// (mcp.NameShown).
	Declined string
	// ListRefused says the newest tools/list the session sent before
	// the request was refused with -32020 (header mismatch): listing the
	// tools again, a tools/call's advice for it, meets the same refusal.
	ListRefused bool
}

// ForRPC returns the advice for a JSON-RPC error the server answered to
// the request q, or "" when the table has none. The versions a -32022
// names are filled in from its data.
func ForRPC(e *mcp.RPCError, q Asked, a Audience) string {
	if e == nil {
		return ""
	}
	f := Fact{Code: e.Code, Transport: q.Transport, Method: q.Method, Declined: mcp.NameShown(q.Declined), Discovered: q.Capabilities != nil, ListRefused: q.ListRefused}
	if e.Code == mcp.CodeMethodNotFound {
		f.Undeclared = mcp.Undeclared(q.Method, q.Transport, q.Capabilities)
		f.OtherEra = command.EraNote(q.Method, q.Transport, "") != ""
	}
	text := For(f, a)
	if strings.Contains(text, "{supported}") {
		var d struct {
			Supported []string `json:"supported"`
		}
		_ = json.Unmarshal(e.Data, &d)
		// Listed as every line lists a server's versions: the first
		// few, counted past them, and one that is no version quoted
		// with its escapes (a hint of the server's own in it read as
		// mcpscope's).
		list := ""
		if len(d.Supported) > 0 {
			list = mcp.VersionList(d.Supported)
		}
		if list == "" {
			list = "the error's data names none; try " + mcp.ProtocolModern
		}
		text = strings.ReplaceAll(text, "{supported}", list)
	}
	return text
}

// ForInfo returns the advice for a logged error. Recordings older than
// causes kept their advice in Hint, which is used as it is.
func ForInfo(e *mcp.ErrorInfo, a Audience) string {
	if e.Cause == "" {
		return e.Hint
	}
	return For(FactOf(e), a)
}

// FactOf is what a logged error says for the table, for callers that keep
// the fact to advise from later (the Negotiation pane's problems).
func FactOf(e *mcp.ErrorInfo) Fact {
	return Fact{Cause: e.Cause, Code: e.Code, Status: e.Status, Purpose: e.Purpose, Transport: e.Transport, Header: e.Header,
		Answered: e.Answered, Addr: e.Addr, Probe: e.Probe, Credentialed: e.Credentialed, Reconnecting: e.Reconnecting, Reopened: e.Reopened, UserReconnected: e.UserReconnected,
		Unread: e.Unread, Met: e.Met, AnsweredBy: e.AnsweredBy, Mislabelled: e.Mislabelled,
		Overridden: e.Overridden}
}

// ForError returns the advice for an error a session returned.
func ForError(err error, a Audience) string {
	var we *mcp.WireError
	if errors.As(err, &we) {
		return For(FactOf(mcp.ErrorInfoOf("", we, 0, 0)), a)
	}
	var te *mcp.TimeoutError
	if errors.As(err, &te) {
		text := For(Fact{Cause: mcp.CauseOf(err), Transport: te.Transport, Met: te.Met()}, a)
		switch {
		case len(te.Misnamed) > 0:
			text = "the server sends its answers under the wrong SSE event name: it must name them message (or leave the event line out)"
		case len(te.Malformed) > 0:
			text = "the server sent a message with this request's id but no result and no error member: the server is broken"
		case len(te.DataAlike) > 0:
			text = `the server writes an SSE field name that is not exactly "data" (` + mcp.DataAlikeWhy(te.DataAlike[0]) + `), the only name that carries data: clients ignore it; the server is broken`
		case len(te.Shadowed) > 0:
			text = `the server named "id" twice in an answer: a message names each member once; the server is broken`
		case len(te.Retyped) > 0:
			text = "the server gave this request's id back as a string: an answer must carry the id exactly as it was sent; the server is broken"
		case len(te.Foreign) > 0:
			text = "the server answered with an id mcpscope never sent: a bridge shared by several clients, or a server that rewrites ids"
		case len(te.NullErrors) > 0:
			text = For(Fact{Cause: mcp.CauseNoResponse, Unread: true}, a)
		case te.ResumedAfter != "":
			// A store that replays what was missed and then sends
			// nothing on the resumed stream reads like a slow tool.
			text = "the answer's stream dropped and was resumed with Last-Event-ID: a server whose event store replays what was missed but sends nothing new on the resumed stream loses the answer (send the request again); if events kept coming on it, the tool is only slow: raise --timeout"
		case te.PostSaid != "":
			text = "the POST was taken, but its answer's body (quoted) may say why no answer came: a proxy or bridge in front of the server may have failed"
		}
		return text
	}
	// A request the server refused, returned as such (an initialize
	// answered with an error ends Connect with it).
	var rpcErr *mcp.RPCError
	if errors.As(err, &rpcErr) {
		return ForRPC(rpcErr, Asked{}, a)
	}
	return ""
}
