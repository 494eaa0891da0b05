// The workflow's status is checked in memory, then handed to a facade method that only reads through the DAO (an
// index refresh that loads the stored copy) and to a DAO method not named for a write: nothing writes the checked
// row. No finding.
package com.example.p004.neg21;

public class WorkflowOps {

    private ExecutionFacade facade;

    public void refreshIfPaused(String workflowId) {
        Workflow workflow = facade.getWorkflow(workflowId);
        if (workflow.getStatus().equals(Workflow.Status.PAUSED)) {
            workflow.setStatus(Workflow.Status.RUNNING);
            facade.refreshIndex(workflow);
        }
    }
}

class ExecutionFacade {

    private ExecutionDAO executionDAO;

    Workflow getWorkflow(String id) {
        return executionDAO.getWorkflow(id);
    }

    void refreshIndex(Workflow workflow) {
        executionDAO.loadSnapshot(workflow);
    }
}

interface ExecutionDAO {
    Workflow getWorkflow(String id);

    Workflow loadSnapshot(Workflow workflow);
}

class Workflow {
    enum Status { RUNNING, PAUSED }

    private Status status;

    Status getStatus() { return status; }
    void setStatus(Status s) { this.status = s; }
}
