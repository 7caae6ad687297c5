// SPDX-License-Identifier: Apache-2.0
/** An application on the module path that takes EdFast as users do (jni_module_*). */
module org.edfast.modtest {
    requires java.management;
    requires org.edfast.jca;

    uses java.security.Provider;
}
