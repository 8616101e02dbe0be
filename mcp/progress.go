package mcp

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"

	"github.com/mcpscope/mcpscope/internal/jsonspan"
)

// Progress is what a notifications/progress says.
type Progress struct {
	// Token is the progressToken's JSON text, e.g. 7 or "a": mcpscope
	// sends each request's id as its token, so it equals the request's
	// RPCMessage.ID.
	Token    string
	Progress float64
	Total    float64 // 0 when the server does not know
	Message  string
}

// ParseProgress reads a notifications/progress message; ok is false for any
// other message or one without a token. The message is read with the one
// JSON scanner and only the members it needs are decoded, so a _meta (or
// any other member) nested deeper than encoding/json reads costs only
// itself, not the progress beside it.
func ParseProgress(raw []byte) (Progress, bool) {
	if !bytes.Contains(raw, []byte("notifications/progress")) {
		return Progress{}, false // the cheap test first: most messages are not progress
	}
	msg, ok := objectOf(raw, 2)
	if !ok {
		return Progress{}, false
	}
	var method string
	var token json.RawMessage
	var p Progress
	params := msg.Get("params")
	if msg.DecodeField("method", &method) != nil || method != "notifications/progress" || !objectOrNull(params) {
		return Progress{}, false
	}
	if errors.Join(params.DecodeField("progressToken", &token), params.DecodeField("progress", &p.Progress),
		params.DecodeField("total", &p.Total), params.DecodeField("message", &p.Message)) != nil || len(token) == 0 {
		return Progress{}, false
	}
	p.Token = string(token)
	return p, true
}

// objectOrNull reports whether a member encoding/json would decode into a
// struct is one it can: an object, null, or no member at all.
func objectOrNull(v jsonspan.Value) bool {
	k := v.Kind()
	return k == 0 || k == jsonspan.Null || k == jsonspan.Object
}

// ProgressTokenOwned is the progress token a request owns while it waits
// for its answer, and whether the request named it: the progressToken its
// params._meta names (ProgressTokenOf), else its id. The one rule by which
// the TUI folds a notifications/progress into the pending request owning
// its token, and exec calls one no pending request owns foreign.
func ProgressTokenOwned(id, raw string) (string, bool) {
	if token, ok := ProgressTokenOf(raw); ok {
		return token, true
	}
	return id, false
}

// ProgressTokenOf is the progressToken a request's params._meta names, as
// its JSON text (as Progress.Token has it), and whether it names one. A
// proxied client picks its own tokens; mcpscope's are its requests' ids.
// It reads raw where it lies, as a record keeps it: a copy of every
// request (a proxy's, up to --max-event-size each) only to find a token
// in it cost as much again.
func ProgressTokenOf(raw string) (string, bool) {
	if !strings.Contains(raw, "progressToken") {
		return "", false // the cheap test first: most requests name none
	}
	msg, ok := objectOf(bytesOf(raw), 3)
	if !ok {
		return "", false
	}
	token := msg.Get("params").Get("_meta").Get("progressToken")
	switch token.Kind() {
	case jsonspan.String, jsonspan.Number:
		return string(token.Raw()), true
	}
	return "", false
}
