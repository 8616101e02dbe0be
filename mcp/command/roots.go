package command

import (
	"fmt"
	"net/url"
	"path/filepath"

	"github.com/mcpscope/mcpscope/mcp"
)

// RootFromPath turns a directory into the root offered for it: its
// absolute file URI, named by its last element. The directory need not
// exist: a debugger may offer what the server should refuse.
func RootFromPath(p string) (mcp.Root, error) {
	if p == "" {
		return mcp.Root{}, fmt.Errorf("a root needs a directory")
	}
	abs, err := filepath.Abs(p)
	if err != nil {
		return mcp.Root{}, fmt.Errorf("root %q: %v", p, err)
	}
	u := url.URL{Scheme: "file", Path: filepath.ToSlash(abs)}
	return mcp.Root{URI: u.String(), Name: filepath.Base(abs)}, nil
}
