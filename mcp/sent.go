package mcp

import (
	"context"

	"github.com/mcpscope/mcpscope/internal/clip"
)

// sentKey carries an OnSent callback in a context.
type sentKey struct{}

// OnSent returns a context whose requests report the Seq of their sent
// record to fn as soon as it is logged, rounds of a multi round-trip chain
// included. It is how a caller that may cancel what it started (the TUI's
// cancel key on a pending row) learns which records are its own. fn runs on
// the requesting goroutine and must not block.
func OnSent(ctx context.Context, fn func(seq int64)) context.Context {
	return context.WithValue(ctx, sentKey{}, fn)
}

// reportSent calls the context's OnSent callback, if any.
func reportSent(ctx context.Context, seq int64) {
	if fn, ok := ctx.Value(sentKey{}).(func(int64)); ok && fn != nil {
		fn(seq)
	}
}

// autoKey carries, in a context, why mcpscope sends its requests on its
// own (Automatic).
type autoKey struct{}

// Automatic returns a context whose requests are recorded as sent by
// mcpscope on its own, not typed by the user, for why (RPCMessage.Auto):
// the completion/complete Tab asks, the tools/list a call sends first to
// type its arguments, the listing a list_changed asks for. Without the
// mark they read in Pairs as requests the user made. why quotes what the
// user typed (the tool of a call): it is cut to maxAutoWhy bytes, as a
// 100 KB name pasted wrong went whole into every page's record.
func Automatic(ctx context.Context, why string) context.Context {
	return context.WithValue(ctx, autoKey{}, clip.Marked(why, maxAutoWhy))
}

// maxAutoWhy bounds Automatic's why.
const maxAutoWhy = 200

// automatic is the context's Automatic reason, "" for a request the user
// made.
func automatic(ctx context.Context) string {
	why, _ := ctx.Value(autoKey{}).(string)
	return why
}
