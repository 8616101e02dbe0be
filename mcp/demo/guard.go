package demo

import (
	"bytes"
	"context"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// guard keeps a client's request from taking the gateway down. The SDK
// (v1.8.0) panics on "arguments": null for a tool whose schema has defaults
// (it applies them to a nil map), and a debugger's users send odd requests
// on purpose: null arguments are read as none, and any other panic becomes
// an internal error that names the method.
func guard(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (res mcp.Result, err error) {
		if p, ok := req.GetParams().(*mcp.CallToolParamsRaw); ok && bytes.Equal(bytes.TrimSpace(p.Arguments), []byte("null")) {
			p.Arguments = nil
		}
		defer func() {
			if r := recover(); r != nil {
				res, err = nil, &jsonrpc.Error{
					Code:    jsonrpc.CodeInternalError,
					Message: fmt.Sprintf("the demo gateway failed on this %s request (%v); it is still running", method, r),
				}
			}
		}()
		return next(ctx, method, req)
	}
}
