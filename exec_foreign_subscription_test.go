package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A 2026 listen stream that carries a resource update tagged with a
// subscription id mcpscope never created (not the id of any listen request
// of its own): exec prints it as being for a subscription we do not have,
// and the update for our own subscription as ours. Before, both read
// "updated demo://readme", as if the stranger's were ours.
func TestExecForeignSubscriptionID(t *testing.T) {
	srv := mcptest.StatelessOnMethod(t, "subscriptions/listen", func(x *mcptest.Exchange) {
		var p struct {
			Notifications struct {
				Resources []string `json:"resourceSubscriptions"`
			} `json:"notifications"`
		}
		_ = json.Unmarshal(x.Params, &p)
		x.SSE()
		tag := func(id any) map[string]any { return map[string]any{"io.modelcontextprotocol/subscriptionId": id} }
		_ = x.Notify("notifications/subscriptions/acknowledged", map[string]any{"_meta": tag(x.ID),
			"notifications": map[string]any{"toolsListChanged": true, "resourceSubscriptions": p.Notifications.Resources}})
		if len(p.Notifications.Resources) > 0 {
			_ = x.Notify("notifications/resources/updated", map[string]any{"uri": "demo://stranger", "_meta": tag(987654)})
			_ = x.Notify("notifications/resources/updated", map[string]any{"uri": "demo://readme", "_meta": tag(x.ID)})
		}
		<-x.Context().Done()
	})
	out, errOut, code := run(t, "exec", "--no-record", "--linger", "300ms", srv.Endpoint(), "subscribe demo://readme")
	if code != exitOK || !strings.Contains(out, "· updated demo://readme\n") ||
		!strings.Contains(out, "· for a subscription we do not have (subscriptionId 987654): updated demo://stranger\n") {
		t.Errorf("exec subscribe with a stranger's update: exit %d, want ours as ours and the stranger's said to be for a subscription we do not have\n%s\n%s", code, out, errOut)
	}
}
