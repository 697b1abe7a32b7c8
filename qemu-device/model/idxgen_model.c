/* placeholder: filled in by the model work */
