/* Machine profiles in memory: entries in lookup order and named parameters. */
#include "model/model_private.h"

#include <stdlib.h>
#include <string.h>

int ortho_model_profile_create(ortho_model_profile_t *prof)
{
    int err = MPI_SUCCESS;
    if (prof == NULL) {
        err = MPI_ERR_ARG;
    } else {
        *prof = calloc(1, sizeof **prof);
        if (*prof == NULL)
            err = MPI_ERR_NO_MEM;
    }
    return err;
}

int ortho_model_profile_free(ortho_model_profile_t *prof)
{
    if (prof != NULL && *prof != NULL) {
        free((*prof)->machine);
        free((*prof)->entries);
        free((*prof)->params);
        free((*prof)->decisions);
        free((*prof)->curves);
        free(*prof);
        *prof = NULL;
    }
    return MPI_SUCCESS;
}

int ortho_model_profile_set_machine(ortho_model_profile_t prof, const char *machine)
{
    int err = MPI_SUCCESS;
    char *copy = NULL;
    if (prof == NULL || machine == NULL || strpbrk(machine, "\r\n") != NULL) {
        err = MPI_ERR_ARG;
        goto fn_fail;
    }
    copy = malloc(strlen(machine) + 1);
    if (copy == NULL) {
        err = MPI_ERR_NO_MEM;
        goto fn_fail;
    }
    strcpy(copy, machine);
    free(prof->machine);
    prof->machine = copy;
fn_exit:
    return err;
fn_fail:
    goto fn_exit;
}

const char *ortho_model_profile_machine(ortho_model_profile_t prof)
{
    return prof != NULL && prof->machine != NULL ? prof->machine : "";
}

static int range_ok(const ortho_model_range *r)
{
    return r->p_lo >= 1 && r->p_lo <= r->p_hi && r->size_lo >= 0.0 && r->size_lo <= r->size_hi
           && r->where >= ORTHO_MODEL_WHERE_ANY && r->where <= ORTHO_MODEL_WHERE_NET;
}

int ortho_model_profile_add(ortho_model_profile_t prof, const ortho_model_entry *entry)
{
    int err = MPI_SUCCESS;
    if (prof == NULL || entry == NULL || (int)entry->op < 0 || entry->op >= ORTHO_MODEL_NOPS
        || entry->form < 0 || entry->form >= ortho__nforms
        || !(ortho__forms[entry->form].info.ops & (1u << entry->op)) || !range_ok(&entry->range)) {
        err = MPI_ERR_ARG;
        goto fn_fail;
    }
    if (prof->nentries == prof->cap) {
        int cap = prof->cap ? 2 * prof->cap : 8;
        ortho_model_entry *e = realloc(prof->entries, (size_t)cap * sizeof *e);
        if (e == NULL) {
            err = MPI_ERR_NO_MEM;
            goto fn_fail;
        }
        prof->entries = e;
        prof->cap = cap;
    }
    prof->entries[prof->nentries++] = *entry;
fn_exit:
    return err;
fn_fail:
    goto fn_exit;
}

int ortho_model_profile_nentries(ortho_model_profile_t prof, int *n)
{
    int err = MPI_ERR_ARG;
    if (prof != NULL && n != NULL) {
        *n = prof->nentries;
        err = MPI_SUCCESS;
    }
    return err;
}

int ortho_model_profile_entry(ortho_model_profile_t prof, int i, ortho_model_entry *entry)
{
    int err = MPI_ERR_ARG;
    if (prof != NULL && entry != NULL && i >= 0 && i < prof->nentries) {
        *entry = prof->entries[i];
        err = MPI_SUCCESS;
    }
    return err;
}

static int name_ok(const char *name)
{
    size_t n = name != NULL ? strlen(name) : 0;
    int ok = n > 0 && n < ORTHO__PARAM_NAME_MAX
             && ((name[0] >= 'a' && name[0] <= 'z') || (name[0] >= 'A' && name[0] <= 'Z') || name[0] == '_');
    for (size_t i = 1; ok && i < n; i++)
        ok = (name[i] >= 'a' && name[i] <= 'z') || (name[i] >= 'A' && name[i] <= 'Z')
             || (name[i] >= '0' && name[i] <= '9') || name[i] == '_';
    return ok;
}

static struct ortho__param *param_find(ortho_model_profile_t prof, const char *name)
{
    struct ortho__param *found = NULL;
    for (int i = 0; i < prof->nparams && found == NULL; i++)
        if (strcmp(prof->params[i].name, name) == 0)
            found = &prof->params[i];
    return found;
}

int ortho_model_profile_set_param(ortho_model_profile_t prof, const char *name, double value)
{
    int err = MPI_SUCCESS;
    struct ortho__param *p = NULL;
    if (prof == NULL || !name_ok(name)) {
        err = MPI_ERR_ARG;
        goto fn_fail;
    }
    p = param_find(prof, name);
    if (p == NULL) {
        if (prof->nparams == prof->pcap) {
            int cap = prof->pcap ? 2 * prof->pcap : 4;
            struct ortho__param *q = realloc(prof->params, (size_t)cap * sizeof *q);
            if (q == NULL) {
                err = MPI_ERR_NO_MEM;
                goto fn_fail;
            }
            prof->params = q;
            prof->pcap = cap;
        }
        p = &prof->params[prof->nparams++];
        strcpy(p->name, name);
    }
    p->value = value;
fn_exit:
    return err;
fn_fail:
    goto fn_exit;
}

int ortho_model_profile_param(ortho_model_profile_t prof, const char *name, double *value, int *found)
{
    int err = MPI_ERR_ARG;
    if (prof != NULL && name != NULL && value != NULL && found != NULL) {
        const struct ortho__param *p = param_find(prof, name);
        *found = p != NULL;
        if (p != NULL)
            *value = p->value;
        err = MPI_SUCCESS;
    }
    return err;
}

double ortho__param_or_0(ortho_model_profile_t prof, const char *name)
{
    double value = 0.0;
    int found = 0;
    ortho_model_profile_param(prof, name, &value, &found);
    return found ? value : 0.0;
}
