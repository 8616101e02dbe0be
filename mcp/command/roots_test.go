package command

import (
	"path/filepath"
	"strings"
	"testing"
)

func TestRootFromPath(t *testing.T) {
	dir := t.TempDir()
	r, err := RootFromPath(filepath.Join(dir, "proj"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(r.URI, "file:///") || !strings.HasSuffix(r.URI, "/proj") || r.Name != "proj" {
		t.Errorf("RootFromPath = %+v, want an absolute file URI named proj", r)
	}
	rel, err := RootFromPath(".")
	if err != nil || !strings.HasPrefix(rel.URI, "file:///") {
		t.Errorf("RootFromPath(.) = %+v, %v; want the absolute working directory", rel, err)
	}
	if _, err := RootFromPath(""); err == nil {
		t.Error("RootFromPath(\"\") gave no error")
	}
}
