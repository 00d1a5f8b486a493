#ifndef CYAML_SHIM_H
#define CYAML_SHIM_H
// libyaml's event parser; lucid-gen builds its own node tree from the events.
#include <yaml.h>
#endif
