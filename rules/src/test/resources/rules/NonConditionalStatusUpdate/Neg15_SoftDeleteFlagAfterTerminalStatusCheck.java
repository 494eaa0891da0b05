// Seen in an open-source shop: a member deletes an order from their list once it is completed or closed; the code
// checks the status and sets the soft-delete flag (delete_status), not the order's workflow status: no finding.
package com.example.n003.neg15;

public class PortalOrderService {

    private OrderMapper orderMapper;

    public void deleteOrder(Long orderId) {
        Order order = orderMapper.selectByPrimaryKey(orderId);
        if (order.getStatus() == 3 || order.getStatus() == 4) {
            order.setDeleteStatus(1);
            orderMapper.updateByPrimaryKey(order);
        } else {
            throw new IllegalStateException("only completed or closed orders can be deleted");
        }
    }
}

interface OrderMapper {
    Order selectByPrimaryKey(Long id);

    int updateByPrimaryKey(Order record);
}

class Order {
    private Long id;
    private Integer status;
    private Integer deleteStatus;

    public Integer getStatus() { return status; }
    public void setDeleteStatus(Integer v) { this.deleteStatus = v; }
}
