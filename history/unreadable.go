package history

import (
	"encoding/json"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// A record read back from a recording can fail to read: something cut the
// file short or rewrote it while it was shown (a live session reads back
// the file being written). The screen holds on to what each entry is (an
// event row, a pair's request) and reads its parts without checking, so
// what stands in for the lost record has the shape of the record it
// replaces, with what happened in the places the screen shows.

// kindCodes numbers the kinds, so a store keeps one byte an entry.
var kindCodes = []mcp.Kind{"", mcp.KindHTTP, mcp.KindEvent, mcp.KindEndpoint, mcp.KindSent, mcp.KindReceived,
	mcp.KindState, mcp.KindError, mcp.KindDetect}

// kindCode is k's number; 0 for a kind this version does not know.
func kindCode(k mcp.Kind) uint8 { return codeIn(kindCodes, k) }

// unreadable stands in for the record at ref, of the kind numbered code,
// which could not be read back for err.
func unreadable(code uint8, ref lineRef, err error) *mcp.Record {
	msg := err.Error()
	r := &mcp.Record{Seq: ref.seq, Time: time.Unix(0, ref.nanos), Kind: mcp.KindError, Error: &mcp.ErrorInfo{Op: "read", Message: msg}}
	if int(code) >= len(kindCodes) || code == 0 {
		return r
	}
	r.Kind = kindCodes[code]
	quoted, _ := json.Marshal(msg)
	switch r.Kind {
	case mcp.KindHTTP:
		r.HTTP = &mcp.HTTPExchange{Err: msg}
	case mcp.KindEvent:
		r.Event = &mcp.SSEEvent{Name: "(unreadable)", Data: mcp.Raw(msg), Raw: mcp.Raw(msg)}
	case mcp.KindEndpoint:
		r.Endpoint = &mcp.Endpoint{Reason: msg}
	case mcp.KindSent, mcp.KindReceived:
		r.RPC = &mcp.RPCMessage{Raw: mcp.Raw(quoted)}
	case mcp.KindState:
		r.State = &mcp.StateChange{Detail: msg}
	case mcp.KindDetect:
		r.Detect = &mcp.Detection{Reason: msg}
	}
	return r
}
