// The check is on the account's approval status and the write moves money between two balance columns of the same
// row: the status column is not written, so this is not a status transition (a lost update of balances is another
// problem); no finding.
package com.example.idem004.neg14;

import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.stereotype.Service;

@Service
public class WithdrawalService {

    private final AgentMapper agentMapper;

    public WithdrawalService(AgentMapper agentMapper) {
        this.agentMapper = agentMapper;
    }

    public void apply(long agentId, long amount) {
        Agent agent = agentMapper.selectById(agentId);
        if ("APPROVED".equals(agent.getApprovalStatus())) {
            agent.setAvailable(agent.getAvailable() - amount);
            agent.setFrozen(agent.getFrozen() + amount);
            agentMapper.updateById(agent);
        }
    }
}

@Mapper
interface AgentMapper {

    @Select("SELECT id, approval_status, available, frozen FROM sales_agent WHERE id = #{id}")
    Agent selectById(@Param("id") long id);

    @Update("UPDATE sales_agent SET approval_status = #{approvalStatus}, available = #{available}, frozen = #{frozen} WHERE id = #{id}")
    int updateById(Agent agent);
}

class Agent {
    private Long id;
    private String approvalStatus;
    private long available;
    private long frozen;

    public Long getId() { return id; }
    public String getApprovalStatus() { return approvalStatus; }
    public long getAvailable() { return available; }
    public void setAvailable(long v) { this.available = v; }
    public long getFrozen() { return frozen; }
    public void setFrozen(long v) { this.frozen = v; }
}
