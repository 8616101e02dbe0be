package mcp

import (
	"bytes"

	"github.com/mcpscope/mcpscope/internal/clip"
	"github.com/mcpscope/mcpscope/internal/jsonspan"
)

// A 2026 server tags every notification of a listen stream with the id of
// the subscriptions/listen request that opened it, in
// _meta["io.modelcontextprotocol/subscriptionId"]. One that names an id
// none of our open listen requests has is for a subscription we do not
// have (a gateway mixing up its clients' streams, say): it is logged as
// such and not acted on.

// MetaSubscriptionID is the _meta key of a listen stream's notifications
// naming the listen request they are for.
const MetaSubscriptionID = "io.modelcontextprotocol/subscriptionId"

// listening notes the id of the listen request seq while its stream is
// open; a.mu is held.
func (a *listenAcks) listening(seq int64, id string) {
	if a.ids == nil {
		a.ids = map[int64]string{}
	}
	a.ids[seq] = id
}

// foreignSubscription returns the subscription id params name (as its
// JSON text) when it is the id of none of our open listen requests; ""
// when params name none, or one of ours.
func (a *listenAcks) foreignSubscription(params []byte) string {
	if !bytes.Contains(params, []byte(`subscriptionId`)) && !bytes.Contains(params, []byte(`\u`)) {
		// The cheap test first: most notifications carry none. A key
		// can be spelt with \u escapes ("subscription\u0049d" is the
		// same key), so params holding one are looked into.
		return ""
	}
	// Only params' members and _meta's are indexed: the rest of a large
	// notification is checked once and not decoded.
	doc, err := jsonspan.Parse(params, jsonspan.Limits{Depth: 2})
	if err != nil {
		return ""
	}
	v := doc.Root().Get("_meta").Get(MetaSubscriptionID)
	if !v.Exists() || v.Kind() == jsonspan.Null {
		return ""
	}
	raw := v.Raw()
	text := string(raw)
	if str, ok := v.Text(); ok {
		text = str // an id sent as 5 and named "5" is still ours
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	for _, id := range a.ids {
		if id == text {
			return ""
		}
	}
	return clip.Quote(string(raw), 256)
}
