package mcp

import (
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/mcpscope/mcpscope/internal/clip"
)

// JSON-RPC error codes: the standard ones mcpscope reads or sends, and
// those the 2026 revision defines and gives meaning on HTTP.
const (
	CodeParseError         = -32700
	CodeInvalidRequest     = -32600
	CodeMethodNotFound     = -32601
	CodeInvalidParams      = -32602
	CodeInternalError      = -32603
	CodeHeaderMismatch     = -32020
	CodeMissingCapability  = -32021
	CodeUnsupportedVersion = -32022
)

// Meaning says in words what a JSON-RPC error means by the specification,
// with the facts its data carries: which header did not match, which
// capability is missing, which versions the server speaks. It quotes the
// server's words up to maxQuoted bytes.
func (e *RPCError) Meaning() string {
	words, quote := e.meaning()
	switch {
	case words == "":
		return clip.Quote(e.Message, maxQuoted)
	case quote:
		return clip.Quote(words+" ("+e.Message+")", maxQuoted)
	}
	return clip.Quote(words, maxQuoted)
}

// Beyond is what Meaning says beyond the server's message, "" when the
// message is all it says: for a line beside one that quotes the message
// already, which compared with Meaning repeated a message Meaning had cut.
func (e *RPCError) Beyond() string {
	words, _ := e.meaning()
	return clip.Quote(words, maxQuoted)
}

// meaning is what the error means beyond the server's message ("" for
// nothing more), and whether Meaning quotes the message after it.
func (e *RPCError) meaning() (words string, quote bool) {
	var d struct {
		Mismatch  json.RawMessage `json:"mismatch"`
		Required  json.RawMessage `json:"requiredCapabilities"`
		Supported []string        `json:"supported"`
		Requested string          `json:"requested"`
	}
	_ = json.Unmarshal(e.Data, &d)
	switch e.Code {
	case CodeHeaderMismatch:
		s := "HeaderMismatch: a mirrored header was missing or did not match the body"
		var m struct {
			Header   string          `json:"header"`
			Expected *string         `json:"expected"`
			Received json.RawMessage `json:"received"`
		}
		// Only the {header, expected, received} shape says which header
		// should have held what. The TypeScript SDK sends {header, body}:
		// its header is at times a name, at times the value it got, and
		// its message already says what disagreed, so it is quoted as is.
		if json.Unmarshal(d.Mismatch, &m) == nil && m.Header != "" && m.Expected != nil {
			s = fmt.Sprintf("HeaderMismatch: %s should be %q", m.Header, *m.Expected)
			// A string is what came; null, or no "received" beside the
			// header and expected alone, says no header came. One naming
			// what came under another key ("got") says neither: "the
			// server got nothing" was untrue of it, and the data is
			// quoted beside.
			var got *string
			var keys map[string]json.RawMessage
			_ = json.Unmarshal(d.Mismatch, &keys)
			switch {
			case m.Received != nil && json.Unmarshal(m.Received, &got) == nil && got != nil:
				s += ", the server got " + strconv.Quote(*got)
			case string(m.Received) == "null", m.Received == nil && len(keys) == 2:
				s += ", the server got nothing"
			}
		}
		return s, true
	case CodeMissingCapability:
		s := "MissingRequiredClientCapability: the request needs a client capability that was not declared"
		if len(d.Required) > 0 {
			s += ": " + string(d.Required)
		}
		return s, false
	case CodeUnsupportedVersion:
		s := "UnsupportedProtocolVersion"
		if d.Requested != "" {
			s += ": " + d.Requested + " is not spoken here"
		}
		if len(d.Supported) > 0 {
			s += "; the server supports " + VersionList(d.Supported)
		}
		return s, false
	case CodeMethodNotFound:
		return "method not found: the server does not implement this method", true
	}
	return "", false
}

// RPCError is a JSON-RPC error object.
type RPCError struct {
	Code    int             `json:"code"`
	Message string          `json:"message"`
	Data    json.RawMessage `json:"data,omitempty"`
	// NoCode says the server's error object held no number code (none,
	// or one unreadable): Code is then mcpscope's, for advice, and is not
	// shown as the server's (Headline).
	NoCode bool `json:"-"`
}

// Headline is how a line names the error before its message: "JSON-RPC
// error -32602", or with no code the server sent none. A -32700 made up
// for {"error":"boom"} read in a CI log as the server saying it could not
// parse the request.
func (e *RPCError) Headline() string {
	if e.NoCode {
		return "JSON-RPC error (no code)"
	}
	return fmt.Sprintf("JSON-RPC error %d", e.Code)
}

// Error is the code and the server's message and data, each cut to what a
// message can quote.
func (e *RPCError) Error() string { return e.quoted(maxQuoted) }

// quoted is Error with the server's message and data each cut to n bytes,
// each saying how long it was.
func (e *RPCError) quoted(n int) string {
	s := e.Headline() + ": " + e.MessageQuoted(n)
	if len(e.Data) > 0 {
		s += " (data: " + clip.Quote(string(e.Data), n) + ")"
	}
	return s
}

// MessageQuoted is the server's message cut to n bytes, or "(no message)"
// when it sent none or an empty one: "JSON-RPC error -1: " with nothing
// after read as a message lost on the way, not one the server never gave.
func (e *RPCError) MessageQuoted(n int) string {
	if e.Message == "" {
		return "(no message)"
	}
	return clip.Quote(e.Message, n)
}

// maxQuoted bounds what an error's text quotes of a server's words: the
// message and its data can be megabytes; the record keeps them whole.
const maxQuoted = 1000

// RPCErrorOf is a failing answer's "error" as a person reads it, whether
// it answers our request or, with id null, none. {"error":null} with no
// result beside it is JSON-RPC 1.0's "no error": read as a result, it
// would be an empty one, blamed on the JSON ("unexpected end of JSON
// input"); read as an error object, one with code 0 and no message.
func RPCErrorOf(errv []byte) *RPCError {
	if string(errv) == "null" {
		return &RPCError{Code: CodeParseError, NoCode: true, Message: `unreadable answer: it has no "result", and its "error" is null`}
	}
	// The members named exactly are what counts, read one by one:
	// json.Unmarshal matches names whatever their case, the last one
	// winning, so a "Code", "Message" or "Data" beside (or instead of)
	// "code", "message" and "data" named a code, words or data the
	// server's did not, or made an error whose own members were fine
	// unreadable.
	exact, ok := Members(errv, "code", "message", "data")
	if !ok || !json.Valid(errv) {
		return unreadableError(errv)
	}
	e := &RPCError{}
	if c := exact[0]; c == nil || string(c) == "null" {
		e.NoCode = true
	} else if json.Unmarshal(c, &e.Code) != nil {
		return unreadableError(errv)
	}
	if m := exact[1]; m != nil && json.Unmarshal(m, &e.Message) != nil {
		return unreadableError(errv)
	}
	if d := exact[2]; d != nil {
		// A copy: errv is a view of the whole answer.
		e.Data = json.RawMessage(string(d))
	}
	return e
}

// unreadableError stands for an error object that is no number code and
// string message, quoting it.
func unreadableError(errv []byte) *RPCError {
	return &RPCError{Code: CodeParseError, NoCode: true, Message: "unreadable error object (not a number code and a string message): " + clip.Quote(string(errv), maxQuoted)}
}
