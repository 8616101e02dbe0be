package history

import (
	"bytes"
	"context"
	"encoding/json"

	"github.com/mcpscope/mcpscope/mcp"
)

// A subscriptions/listen the user typed (UserStream) is one of the
// recorded requests: a subscription of the user's own beside the
// session's, which the live session opens again as the user's. The
// session's own listen is not: the live session opens its own as it
// connects. A listen's answer is its acknowledgement, a notification on
// its stream naming it in _meta (its subscriptionId), so the re-run
// compares the acknowledgements' params, what each server agreed to send.

// listenNotSent is what a re-run says of a user's listen it does not send
// to a server of an older era, whose servers send list changes unasked.
const listenNotSent = "not sent: the older eras have none"

// userListen reports whether m, sent with method (wireOf), is a
// subscriptions/listen the user sent.
func userListen(m *mcp.RPCMessage, method string) bool {
	return method == ListenMethod && m.UserStream
}

// seeAck notes r when it is the recorded acknowledgement of a listen: by
// the request's id (its JSON text), the first one naming it, as the live
// session's Listen returns the first.
func (p *rerunPlan) seeAck(pos int, r *mcp.Record) {
	if r.Kind != mcp.KindReceived || r.RPC == nil || r.RPC.Class != mcp.ClassNotification ||
		r.RPC.Method != mcp.AckMethod || r.RPC.ForeignSubscription != "" {
		return
	}
	var m struct {
		Params struct {
			Meta map[string]json.RawMessage `json:"_meta"`
		} `json:"params"`
	}
	if json.Unmarshal([]byte(r.RPC.Raw), &m) != nil {
		return
	}
	id := m.Params.Meta[mcp.MetaSubscriptionID]
	var compact bytes.Buffer
	if len(id) == 0 || json.Compact(&compact, id) != nil {
		return
	}
	if _, seen := p.acks[compact.String()]; !seen {
		p.acks[compact.String()], p.held = int32(pos), true
	}
}

// ackView is an acknowledgement seen as an answer whose result is its
// params, so it compares as any answer does (its _meta, which names the
// listen request's id, is the era's and not compared).
func ackView(rec *mcp.Record) *mcp.Record {
	if rec == nil {
		return nil
	}
	v := *rec
	rpc := *rec.RPC
	rpc.Raw = mcp.Raw(`{"result":` + string(orNull(paramsOf(rec.RPC.Raw))) + `}`)
	v.RPC = &rpc
	return &v
}

// rerunListen opens the user's listen again on s and returns its
// acknowledgement as an answer like ackView's.
func rerunListen(ctx context.Context, s Sender, params json.RawMessage) (*mcp.Response, error) {
	live, err := s.Listen(ctx, params)
	if err != nil || live == nil {
		return live, err
	}
	v := *live
	v.Raw = mcp.Raw(`{"result":` + string(orNull(live.Result)) + `}`)
	return &v, nil
}

// orNull is raw, or JSON null when it is empty.
func orNull(raw json.RawMessage) json.RawMessage {
	if len(bytes.TrimSpace(raw)) == 0 {
		return json.RawMessage("null")
	}
	return raw
}
