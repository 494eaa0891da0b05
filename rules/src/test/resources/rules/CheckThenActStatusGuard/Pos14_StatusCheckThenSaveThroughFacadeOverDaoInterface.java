// Resume: the workflow is read through a facade, checked PAUSED in memory (a throwing guard), set RUNNING and saved
// through the facade, which hands it to a DAO interface with several stores (a SQL one whose statement is built at
// run time, a key-value one). The save is a write by its name; a terminate landing between the read and the save is
// overwritten back to RUNNING. Finding at the check.
package com.example.p004.pos14;

public class WorkflowOps {

    private ExecutionFacade facade;

    public void resume(String workflowId) {
        Workflow workflow = facade.getWorkflow(workflowId);
        if (!workflow.getStatus().equals(Workflow.Status.PAUSED)) { // expect: IDEM004 "workflow.getStatus()"
            throw new IllegalStateException("not paused: " + workflowId);
        }
        workflow.setStatus(Workflow.Status.RUNNING);
        facade.updateWorkflow(workflow);
    }
}

class ExecutionFacade {

    private ExecutionDAO executionDAO;

    Workflow getWorkflow(String id) {
        return executionDAO.getWorkflow(id);
    }

    void updateWorkflow(Workflow workflow) {
        workflow.setUpdatedTime(System.currentTimeMillis());
        executionDAO.updateWorkflow(workflow);
    }
}

interface ExecutionDAO {
    Workflow getWorkflow(String id);

    void updateWorkflow(Workflow workflow);
}

class KeyValueExecutionDAO implements ExecutionDAO {
    private java.util.Map<String, Workflow> store = new java.util.HashMap<>();

    public Workflow getWorkflow(String id) {
        return store.get(id);
    }

    public void updateWorkflow(Workflow workflow) {
        store.put(workflow.getId(), workflow);
    }
}

class Workflow {
    enum Status { RUNNING, PAUSED, TERMINATED }

    private String id;
    private Status status;

    String getId() { return id; }
    Status getStatus() { return status; }
    void setStatus(Status s) { this.status = s; }
    void setUpdatedTime(long t) { }
}
