package mcp

import (
	"encoding/json"
	"testing"
)

// A stranger's subscription id is found however the server spells the
// _meta key: JSON lets a key be written with escapes, and
// "subscription\u0049d" is the key subscriptionId to every client. Before,
// the quick look for the key's bytes missed it and the notification was
// acted on as ours.
func TestListenForeignSubscriptionWithAnEscapedKey(t *testing.T) {
	listenStranger(t, json.RawMessage(`{"_meta":{"io.modelcontextprotocol/subscription\u0049d":"not-ours"}}`), `"not-ours"`)
}
