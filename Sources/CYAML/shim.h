#ifndef CHOOSY_CYAML_SHIM_H
#define CHOOSY_CYAML_SHIM_H
#include <yaml.h>
#endif
